// "looks like read_file": a called tool name that is not declared but looks like a declared one (a
// homoglyph or invisible characters away from it: findConfusableTools, answered by the worker).
import type { ConfusableTool } from '../../log/index.ts';

/** The flag for one name, or nothing when it is not a lookalike (or not known yet). */
export function LookalikeFlag({ flag }: { flag: ConfusableTool | undefined }) {
  if (flag === undefined) return null;
  return (
    <span
      data-testid="lookalike-tool"
      className="rounded bg-red-100 px-1 font-medium text-red-900 dark:bg-red-950/60 dark:text-red-200"
      title={
        flag.reason === 'invisible'
          ? 'Equal to a declared tool once its invisible characters are removed'
          : 'Looks like a declared tool (Unicode confusables): not the same name'
      }
    >
      looks like <span className="font-mono">{flag.lookalike}</span>
      {flag.reason === 'invisible' ? ' + invisible characters' : ' (homoglyph)'}
    </span>
  );
}
