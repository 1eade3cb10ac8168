import { eq } from 'drizzle-orm';
import type { Services } from '../app-env';
import { user } from '../db/schema/auth';
import { deals, ratings } from '../db/schema/deals';
import { refreshSummaries } from './score';

const DAY = 24 * 3600_000;

/** People who bought from the demo sellers; they never sign in (a random password each). */
const DEMO_BUYERS = [
  { firstName: 'Radu', lastName: 'Ionescu' },
  { firstName: 'Cristina', lastName: 'Dumitru' },
  { firstName: 'Vlad', lastName: 'Georgescu' },
  { firstName: 'Ana', lastName: 'Munteanu' },
] as const;

/** [buyer index, title, price, stars the seller got, stars the buyer got, comment, seller's reply] */
type DemoDeal = [number, string, number, number, number, string | null, string | null];
const DEALER_DEALS: DemoDeal[] = [
  [0, 'Glock 19 Gen 5, 9x19', 3600, 5, 5, 'Armă exact ca în descriere, acte făcute rapid la armurier.', null],
  [
    1,
    'Lunetă Hawke Vantage 4-12x40',
    900,
    5,
    5,
    'Răspuns prompt, predare la magazin, totul în regulă.',
    'Mulțumim, vă mai așteptăm!',
  ],
  [
    2,
    'CZ 457 Varmint .22 LR',
    3900,
    4,
    5,
    'Bună tranzacție; a durat puțin până am stabilit ziua predării.',
    null,
  ],
  [3, 'Carabină Tikka T3x Lite .308 Win', 6200, 5, 4, null, null],
  [0, 'Tocuri și încărcătoare Glock', 350, 5, 5, 'Serios și corect.', null],
];
const DEMO_SELLER_DEALS: DemoDeal[] = [
  [1, 'Pușcă Beretta A300 Outlander 12/76', 4100, 5, 5, 'Vânzător de încredere, arma impecabilă.', null],
  [2, 'Binoclu Bushnell 10x42', 650, 4, 5, 'Totul ok, ambalaj original.', null],
  [3, 'Revolver Smith & Wesson 686, .357', 5200, 5, 5, null, null],
];

async function demoBuyer(services: Services, index: number, who: (typeof DEMO_BUYERS)[number]) {
  const body = {
    email: `cumparator${index + 1}@armamarket.ro`,
    password: crypto.randomUUID(),
    name: `${who.firstName} ${who.lastName}`,
    firstName: who.firstName,
    lastName: who.lastName,
    locale: 'ro',
    acceptAdult: true,
    acceptTerms: true,
  };
  const created = await services.auth.api.signUpEmail({ body });
  await services.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
  return created.user.id;
}

/**
 * Issue 28: confirmed, mutually rated deals of both demo sellers, so that a first start shows
 * scores on their cards, ad pages and seller pages; and one deal the demo account bought and has
 * not rated yet, so that Dashboard › Tranzacții has something to do.
 */
export async function seedDemoDeals(
  services: Services,
  demoSeller: string,
  dealer: string,
  now = Date.now(),
) {
  const buyers: string[] = [];
  for (const [index, who] of DEMO_BUYERS.entries()) buyers.push(await demoBuyer(services, index, who));
  const plans: Array<[string, DemoDeal[]]> = [
    [dealer, DEALER_DEALS],
    [demoSeller, DEMO_SELLER_DEALS],
  ];
  let step = 0;
  for (const [sellerId, list] of plans) {
    for (const [buyer, title, price, sellerStars, buyerStars, comment, reply] of list) {
      step += 1;
      const buyerId = buyers[buyer] as string;
      const at = new Date(now - (40 + step * 9) * DAY);
      const [deal] = await services.db
        .insert(deals)
        .values({
          adTitle: title,
          sellerId,
          buyerId,
          price,
          createdAt: at,
          confirmedAt: new Date(at.getTime() + DAY),
        })
        .returning({ id: deals.id });
      if (!deal) continue;
      const rated = new Date(at.getTime() + 3 * DAY);
      await services.db.insert(ratings).values([
        {
          dealId: deal.id,
          raterId: buyerId,
          ratedId: sellerId,
          ratedRole: 'seller',
          stars: sellerStars,
          comment,
          createdAt: rated,
          revealedAt: rated,
          reply,
          repliedAt: reply ? new Date(rated.getTime() + DAY) : null,
        },
        {
          dealId: deal.id,
          raterId: sellerId,
          ratedId: buyerId,
          ratedRole: 'buyer',
          stars: buyerStars,
          createdAt: rated,
          revealedAt: rated,
        },
      ]);
    }
  }
  await services.db.insert(deals).values({
    adTitle: 'Cutie de transport Plano, 2 arme lungi',
    sellerId: dealer,
    buyerId: demoSeller,
    price: 480,
    createdAt: new Date(now - 3 * DAY),
    confirmedAt: new Date(now - 2 * DAY),
  });
  await refreshSummaries(services.db, [dealer, demoSeller, ...buyers]);
}
