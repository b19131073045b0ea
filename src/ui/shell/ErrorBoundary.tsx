// Catches a render error in one part of the UI and shows it there, so the page never goes blank.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What failed, for the message ("Model view", "Timeline" …). */
  label: string;
  /** Changing this value clears the error (e.g. the log generation or the cursor). */
  resetKey?: unknown;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** React error boundary with a visible, specific message and a retry button. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo): void {
    // Shown in the UI by render(); nothing to log: the core reports problems as values.
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div
        role="alert"
        className="m-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
      >
        <p className="font-semibold">{this.props.label} could not be shown.</p>
        <p className="mt-1 font-mono text-xs">{error.message.slice(0, 500)}</p>
        <button
          type="button"
          className="mt-2 rounded border border-red-300 px-2 py-0.5 text-xs dark:border-red-700"
          onClick={() => this.setState({ error: null })}
        >
          Try again
        </button>
      </div>
    );
  }
}
