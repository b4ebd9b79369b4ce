/**
 * Keeps one staff screen's failure on that screen: when something in it throws while drawing (a
 * page whose data the editor cannot handle, say), the screen is replaced by what failed and a way
 * back, instead of React unmounting the whole staff app and leaving a blank page. "Try again"
 * draws the screen afresh (the Content section then starts from its list of pages); the header,
 * with its other sections and Sign out, stays as it was.
 */
import { Component, type ErrorInfo, Fragment, type ReactNode } from 'react';

interface Props {
  /** What the screen is, in words: "the Content section". */
  screen: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** Changes on "Try again", so the screen is drawn from scratch, not from its broken state. */
  attempt: number;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For whoever reads the browser's console: where in the screen it broke.
    console.error(`Error in ${this.props.screen}:`, error, info.componentStack);
  }

  private readonly retry = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return (
      <section role="alert" aria-labelledby="screen-failed" className="screen-failed">
        <h1 id="screen-failed">Something went wrong in {this.props.screen}</h1>
        <p>
          Nothing you saved is lost; only unsaved changes on this screen may be. What failed:{' '}
          <q>{error.message || error.name}</q>
        </p>
        <p>
          <button type="button" onClick={this.retry}>
            Try again
          </button>
        </p>
      </section>
    );
  }
}
