import { LoadError } from '@web/components/load-error';
import { useTranslation } from '@web/lib/use-translation';
import { Component, type ReactNode } from 'react';

type Props = { pathname: string; children: ReactNode };
type State = { failed: boolean; pathname: string };

/**
 * What the data router's error element did: a page that fails to render, or whose chunk fails to
 * load (a deploy replaced it, the connection dropped), says so under the top bar instead of leaving
 * a blank screen. Retry loads the page again; moving to another page clears it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  render() {
    return this.state.failed ? <PageLoadError /> : this.props.children;
  }
}

function PageLoadError() {
  const { t } = useTranslation('common');
  return (
    <LoadError
      message={t('loadError.page')}
      query={{ refetch: () => window.location.reload(), isFetching: false }}
    />
  );
}
