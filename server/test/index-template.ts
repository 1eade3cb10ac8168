/** The built index.html as Vite writes it, in miniature: what the page tests render into. */
export const INDEX_TEMPLATE = `<!doctype html>
<html lang="ro">
  <head>
    <meta charset="UTF-8" />
    <title>ArmaMarket</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
