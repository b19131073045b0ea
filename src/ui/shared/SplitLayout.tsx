// Two panes with a draggable, keyboard-resizable separator between them (react-resizable-panels),
// the sizes remembered per layout (src/browser/layout-storage.ts). Either pane can be collapsed by dragging it past
// its minimum or by the separator's keyboard (Enter toggles, arrows resize: the library's
// `role="separator"` handle), and comes back the same way.
import type { ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { layoutStorage } from '../../browser/layout-storage.ts';

interface SplitLayoutProps {
  /** Names the remembered layout (one per place in the app). */
  id: string;
  orientation: 'horizontal' | 'vertical';
  /** The first pane's default size (percent of the group). */
  firstDefaultPercent: number;
  /** Smallest size of each pane before it collapses (percent). */
  minPercent: number;
  /** The separator's accessible name ("Resize the events list and the event detail"). */
  separatorLabel: string;
  first: ReactNode;
  second: ReactNode;
  className?: string;
}

export function SplitLayout(props: SplitLayoutProps) {
  const { id, orientation, firstDefaultPercent, minPercent } = props;
  const layout = useDefaultLayout({ id: `dsh-replay:${id}`, storage: layoutStorage() });
  const isHorizontal = orientation === 'horizontal';
  return (
    <Group
      id={id}
      orientation={orientation}
      defaultLayout={layout.defaultLayout}
      onLayoutChanged={layout.onLayoutChanged}
      className={props.className}
    >
      <Panel
        id={`${id}-first`}
        defaultSize={`${firstDefaultPercent}%`}
        minSize={`${minPercent}%`}
        collapsible
        collapsedSize="0%"
        className="min-h-0 min-w-0"
      >
        {props.first}
      </Panel>
      <Separator
        aria-label={props.separatorLabel}
        className={`group relative shrink-0 bg-zinc-200 outline-none transition-colors hover:bg-sky-400 focus-visible:bg-sky-500 data-[separator=active]:bg-sky-500 dark:bg-zinc-800 dark:hover:bg-sky-600 ${isHorizontal ? 'w-1 cursor-col-resize' : 'h-1 cursor-row-resize'}`}
      />
      <Panel
        id={`${id}-second`}
        defaultSize={`${100 - firstDefaultPercent}%`}
        minSize={`${minPercent}%`}
        collapsible
        collapsedSize="0%"
        className="min-h-0 min-w-0"
      >
        {props.second}
      </Panel>
    </Group>
  );
}
