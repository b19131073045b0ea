// Code that scripts/bench-browser.ts runs inside the page (Playwright serializes each function):
// self-contained functions only, typed against the few DOM shapes they use, declared here so the
// Node tsconfig needs no DOM lib.

/** What the page records from the drop on: long tasks and when rows, ready or error appeared (page ms). */
export interface PageProbe {
  longTasks: { start: number; duration: number }[];
  /**
   * The scripts of every animation frame that held one over 50 ms (Long Animation Frames API), so a
   * long task can be named: what ran it (e.g. `Worker.onmessage`), how long, and how much of that
   * was style and layout the script forced.
   */
  longScripts: { start: number; invoker: string; duration: number; forcedLayout: number }[];
  dropAt: number | null;
  firstRowsAt: number | null;
  readyAt: number | null;
  errorAt: number | null;
}

interface PageElement {
  textContent: string | null;
  getBoundingClientRect(): { top: number; bottom: number };
  getAttribute(name: string): string | null;
  dispatchEvent(event: Event): boolean;
}

interface PageDocument {
  querySelector(selector: string): PageElement | null;
  addEventListener(type: string, listener: (event: { target: unknown }) => void, capture: boolean): void;
}

interface PageMutationObserver {
  observe(target: unknown, options: Record<string, unknown>): void;
  disconnect(): void;
}

interface PagePerformanceObserver {
  observe(options: { type: string; buffered: boolean }): void;
}

interface PageGlobals {
  __bench?: PageProbe;
  document: PageDocument;
  MutationObserver: new (callback: () => void) => PageMutationObserver;
  PerformanceObserver: { supportedEntryTypes: readonly string[] } & (new (
    callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void,
  ) => PagePerformanceObserver);
  requestAnimationFrame: (callback: () => void) => number;
}

/** A long-animation-frame entry, as far as the probe reads it. */
interface LongAnimationFrame {
  scripts: { startTime: number; duration: number; invoker: string; forcedStyleAndLayoutDuration: number }[];
}

/** Installed before the app loads: a longtask observer, the drop time and a DOM watcher. */
export function installProbe(): void {
  const page = globalThis as unknown as PageGlobals;
  const probe: PageProbe = {
    longTasks: [],
    longScripts: [],
    dropAt: null,
    firstRowsAt: null,
    readyAt: null,
    errorAt: null,
  };
  page.__bench = probe;
  try {
    new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No longtask support: the caller checks PerformanceObserver.supportedEntryTypes and says so.
  }
  try {
    new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as LongAnimationFrame[])
        for (const script of entry.scripts)
          if (script.duration > 50)
            probe.longScripts.push({
              start: script.startTime,
              invoker: script.invoker,
              duration: script.duration,
              forcedLayout: script.forcedStyleAndLayoutDuration,
            });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No Long Animation Frames: long tasks stay unnamed.
  }
  page.document.addEventListener(
    'change',
    (event) => {
      if ((event.target as { type?: string } | null)?.type === 'file') probe.dropAt = performance.now();
    },
    true,
  );
  new page.MutationObserver(() => {
    if (probe.dropAt === null) return;
    // A row with its content, not a loading placeholder.
    if (probe.firstRowsAt === null && page.document.querySelector('[role="row"][data-state="loaded"]'))
      probe.firstRowsAt = performance.now();
    const state = page.document.querySelector('[data-load-state]')?.getAttribute('data-load-state');
    if (probe.readyAt === null && state === 'ready') probe.readyAt = performance.now();
    if (probe.errorAt === null && state === 'error') probe.errorAt = performance.now();
  }).observe(page.document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-load-state'],
  });
}

/** Whether this browser reports longtask entries at all (if not, "no long task" proves nothing). */
export function hasLongTasksInPage(): boolean {
  return (globalThis as unknown as PageGlobals).PerformanceObserver.supportedEntryTypes.includes('longtask');
}

/** The probe's current state (a structured-clone copy). */
export function readProbeInPage(): PageProbe {
  const probe = (globalThis as unknown as PageGlobals).__bench;
  if (!probe) throw new Error('probe not installed');
  return probe;
}

/** True once the app reached data-load-state ready or error after the drop. */
export function isSettledInPage(): boolean {
  const probe = (globalThis as unknown as PageGlobals).__bench;
  return probe !== undefined && (probe.readyAt !== null || probe.errorAt !== null);
}

/** How long a cursor move took to show: until the model view's DOM says `at seq N`, and until the frame that paints it. */
export interface MoveTiming {
  /** Input → the model view label's mutation (ms). */
  commitMs: number;
  /** Input → a task after the next frame's rendering (ms): roughly when that frame is on screen. */
  paintMs: number;
}

/** Moves the "Seq" slider to `seq` and times it (null on timeout). */
export async function timeMoveInPage(args: { seq: number; timeoutMs: number }): Promise<MoveTiming | null> {
  const page = globalThis as unknown as PageGlobals;
  const label = page.document.querySelector('[data-testid="model-message-count"]');
  const slider = page.document.querySelector('input[type="range"][aria-label="Seq"]');
  if (!label || !slider) return null;
  // "at seq 12" must not match "at seq 123".
  const wanted = new RegExp(`at seq ${args.seq}(?![0-9])`);
  const started = performance.now();
  const committed = new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, args.timeoutMs);
    const observer = new page.MutationObserver(() => {
      if (!wanted.test(label.textContent ?? '')) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
    observer.observe(label, { subtree: true, childList: true, characterData: true });
  });
  // The native value setter, then an input event: what React sees when the user drags.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(slider) as object, 'value')?.set?.call(
    slider,
    String(args.seq),
  );
  slider.dispatchEvent(new Event('input', { bubbles: true }));
  const commitMs = await committed;
  if (commitMs === null) return null;
  // The next animation frame starts the frame that paints the change; a message posted from it runs
  // after that frame's style, layout and paint.
  await new Promise<void>((next) =>
    page.requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => next();
      channel.port2.postMessage(null);
    }),
  );
  return { commitMs, paintMs: performance.now() - started };
}

/** A continuous drag: one slider change per animation frame from seq 0 to `last`; returns its page-time window. */
export async function dragInPage(args: {
  frames: number;
  last: number;
}): Promise<{ start: number; end: number }> {
  const page = globalThis as unknown as PageGlobals;
  const slider = page.document.querySelector('input[type="range"][aria-label="Seq"]');
  if (!slider) throw new Error('no Seq slider');
  const valueProperty = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(slider) as object, 'value');
  const start = performance.now();
  for (let frame = 0; frame <= args.frames; frame += 1) {
    await new Promise<void>((next) => page.requestAnimationFrame(() => next()));
    valueProperty?.set?.call(slider, String(Math.round((args.last * frame) / args.frames)));
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // Let the last answers arrive so their tasks are counted.
  await new Promise<void>((next) => setTimeout(next, 500));
  return { start, end: performance.now() };
}

/** Whether the events row of `seq` is rendered and wholly inside the events list's visible area. */
export function isRowInListViewportInPage(seq: number): boolean {
  const page = globalThis as unknown as PageGlobals;
  const list = page.document.querySelector('[data-testid="events-scroll"]');
  const row = page.document.querySelector(`[role="row"][data-seq="${seq}"]`);
  if (!list || !row) return false;
  const outer = list.getBoundingClientRect();
  const inner = row.getBoundingClientRect();
  // Within 1.5 px: the resizable panes give the list a fractional height, and a row a sub-pixel short
  // of the edge is in view.
  return inner.top >= outer.top - 1.5 && inner.bottom <= outer.bottom + 1.5;
}

/** The model-view scroll from the newest message to the first: how long, and how long the viewport stayed blank. */
export interface ConversationScrollTiming {
  /** First scroll → the first message rendered with its body at the top of the viewport (ms). */
  durationMs: number;
  frames: number;
  /** Frames in which less than half the viewport showed cards with their content. */
  blankFrames: number;
  /** Longest run of consecutive blank frames (ms). */
  longestBlankMs: number;
  /** Page time of the scroll (for long tasks). */
  start: number;
  end: number;
  reachedFirst: boolean;
}

interface PageScroller extends PageElement {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}

/**
 * Scrolls the model view from its newest message up by `stepPx` per animation frame (a fast fling)
 * until its first message is rendered with its body, checking each frame how much of the viewport
 * shows loaded cards.
 */
export async function scrollConversationToFirstInPage(args: {
  stepPx: number;
  timeoutMs: number;
}): Promise<ConversationScrollTiming | null> {
  const page = globalThis as unknown as PageGlobals;
  const scroller = page.document.querySelector('[data-testid="model-view-scroll"]') as PageScroller | null;
  if (!scroller) return null;
  scroller.scrollTop = 0;
  await new Promise<void>((next) => page.requestAnimationFrame(() => next()));
  const nextFrame = () =>
    new Promise<number>((next) => page.requestAnimationFrame(() => next(performance.now())));
  const coveredFraction = (): number => {
    const view = scroller.getBoundingClientRect();
    const height = view.bottom - view.top;
    if (height <= 0) return 1;
    let covered = 0;
    const cards = scroller.querySelectorAll('[data-conversation-key]');
    for (let index = 0; index < cards.length; index += 1) {
      const card = cards[index];
      if (!card || card.getAttribute('data-loaded') === 'false') continue;
      const article = (card as unknown as { querySelector(s: string): PageElement | null }).querySelector(
        '[data-loaded="false"]',
      );
      if (article) continue;
      const rect = card.getBoundingClientRect();
      covered += Math.max(0, Math.min(rect.bottom, view.bottom) - Math.max(rect.top, view.top));
    }
    return covered / height;
  };
  // The conversation's top: its first item (the request card) in view, and the first message loaded.
  const isFirstShown = (): boolean => {
    const top = scroller.querySelectorAll('[data-index="0"]')[0];
    const firstMessage = scroller.querySelectorAll('[data-index="1"] [data-testid="model-message"]')[0];
    if (!top || !firstMessage) return false;
    const view = scroller.getBoundingClientRect();
    return (
      firstMessage.getAttribute('data-loaded') === 'true' && top.getBoundingClientRect().top >= view.top - 1
    );
  };
  const start = performance.now();
  let frames = 0;
  let blankFrames = 0;
  let blankSince: number | null = null;
  let longestBlankMs = 0;
  let reachedFirst = false;
  while (performance.now() - start < args.timeoutMs) {
    const now = await nextFrame();
    frames += 1;
    if (coveredFraction() < 0.5) {
      blankFrames += 1;
      blankSince ??= now;
      longestBlankMs = Math.max(longestBlankMs, now - blankSince);
    } else blankSince = null;
    if (isFirstShown()) {
      reachedFirst = true;
      break;
    }
    scroller.scrollTop = Math.max(scroller.scrollTop - args.stepPx, -scroller.scrollHeight);
  }
  const end = performance.now();
  return { durationMs: end - start, frames, blankFrames, longestBlankMs, start, end, reachedFirst };
}

/** A wheel-zoom run on the timeline: frame intervals, the app's work inside each frame, its page-time window. */
export interface TimelineZoomTiming {
  /** Intervals between consecutive animation frames during the run (ms). */
  frameIntervalsMs: number[];
  /** Per step: the app's animation-frame callback, where the zoom renders and draws (ms). */
  frameWorkMs: number[];
  /** The timeline's `data-zoom` after the zoom-in half (how far it went). */
  deepestZoom: number;
  start: number;
  end: number;
}

/**
 * `steps` wheel events on the timeline canvas, one per animation frame, at its centre: the first
 * half zooms in (deltaY -100, a mouse-wheel notch), the second zooms back out.
 */
export async function wheelZoomTimelineInPage(args: { steps: number }): Promise<TimelineZoomTiming | null> {
  const page = globalThis as unknown as PageGlobals & {
    WheelEvent: new (type: string, init: Record<string, unknown>) => Event;
  };
  const canvas = page.document.querySelector('[data-testid="timeline-canvas"]');
  const section = page.document.querySelector('section[aria-label="Timeline"]');
  if (!canvas || !section) return null;
  const box = canvas.getBoundingClientRect() as {
    top: number;
    bottom: number;
    left?: number;
    right?: number;
  };
  const clientX = ((box.left ?? 0) + (box.right ?? 0)) / 2;
  const clientY = (box.top + box.bottom) / 2;
  const nextFrame = () =>
    new Promise<number>((next) => page.requestAnimationFrame(() => next(performance.now())));
  const frameStart = () =>
    new Promise<{ at: number; work: number }>((next) =>
      (page.requestAnimationFrame as unknown as (callback: (at: number) => void) => number)((at) =>
        next({ at, work: performance.now() - at }),
      ),
    );
  await nextFrame();
  const start = performance.now();
  const frameIntervalsMs: number[] = [];
  const frameWorkMs: number[] = [];
  let deepestZoom = 1;
  let last = await frameStart();
  for (let step = 0; step < args.steps; step += 1) {
    const isIn = step < args.steps / 2;
    // Callbacks of one frame run in the order they were asked for: ours before the app's and after it.
    const before = new Promise<number>((next) => page.requestAnimationFrame(() => next(performance.now())));
    canvas.dispatchEvent(
      new page.WheelEvent('wheel', {
        deltaY: isIn ? -100 : 100,
        deltaMode: 0,
        clientX,
        clientY,
        bubbles: true,
        cancelable: true,
      }),
    );
    // The app applies the wheel in its own animation-frame callback, asked for by the dispatch.
    const frame = await frameStart();
    const startedAt = await before;
    frameIntervalsMs.push(frame.at - last.at);
    frameWorkMs.push(frame.at + frame.work - startedAt);
    last = frame;
    if (isIn) deepestZoom = Math.max(deepestZoom, Number(section.getAttribute('data-zoom') ?? '1'));
  }
  const settle = await frameStart();
  frameIntervalsMs.push(settle.at - last.at);
  return { frameIntervalsMs, frameWorkMs, deepestZoom, start, end: performance.now() };
}
