// How the person has set up the view, whichever log is open: theme, model mode, timeline axis, side
// panel, overlays, playback, and the one short notice shown to them.

import type { LogSummary } from '../worker/client.ts';
import type { Slice, SliceContext } from './slice.ts';

export type ThemePreference = 'system' | 'light' | 'dark';
type ModelMode = 'model' | 'transcript';
type TimelineAxis = 'seq' | 'time';
type SidePanel = 'model' | 'triage' | 'cost';
/** How log text is shown: exactly as stored (the default), or rendered as markdown for reading. */
type TextMode = 'exact' | 'markdown';

export interface PreferencesSliceState {
  /** One short, dismissible message (clamped seq, storage unavailable …), or null. */
  notice: string | null;
  theme: ThemePreference;
  modelMode: ModelMode;
  /** The model view's and request card's text: each message may override it for itself. */
  textMode: TextMode;
  timelineAxis: TimelineAxis;
  sidePanel: SidePanel;
  isKeysOverlayOpen: boolean;
  isProblemsOpen: boolean;
  /** The Stored logs panel (what the browser keeps of opened logs). */
  isStoredLogsOpen: boolean;
  isPlaying: boolean;
  /** Playback speed factor over real time (1 = real pace, long gaps compressed). */
  playbackSpeed: number;
}

export interface PreferencesActions {
  setTheme(theme: ThemePreference): void;
  setModelMode(mode: ModelMode): void;
  setTextMode(mode: TextMode): void;
  setTimelineAxis(axis: TimelineAxis): void;
  setSidePanel(panel: SidePanel): void;
  setKeysOverlayOpen(isOpen: boolean): void;
  setProblemsOpen(isOpen: boolean): void;
  setStoredLogsOpen(isOpen: boolean): void;
  /** Starts or stops playback; it starts only while a log is open. */
  setPlaying(isPlaying: boolean): void;
  setPlaybackSpeed(speed: number): void;
  showNotice(notice: string | null): void;
}

/** The preferences slice: its initial state and actions. */
export function createPreferencesSlice({
  set,
  get,
}: SliceContext<PreferencesSliceState, { summary: LogSummary | null }>): Slice<
  PreferencesSliceState,
  PreferencesActions
> {
  return {
    state: {
      notice: null,
      theme: 'system',
      modelMode: 'model',
      textMode: 'exact',
      timelineAxis: 'seq',
      sidePanel: 'model',
      isKeysOverlayOpen: false,
      isProblemsOpen: false,
      isStoredLogsOpen: false,
      isPlaying: false,
      playbackSpeed: 1,
    },
    actions: {
      setTheme(theme) {
        set({ theme });
      },
      setModelMode(modelMode) {
        set({ modelMode });
      },
      setTextMode(textMode) {
        set({ textMode });
      },
      setTimelineAxis(timelineAxis) {
        set({ timelineAxis });
      },
      setSidePanel(sidePanel) {
        set({ sidePanel });
      },
      setKeysOverlayOpen(isKeysOverlayOpen) {
        set({ isKeysOverlayOpen });
      },
      setProblemsOpen(isProblemsOpen) {
        set({ isProblemsOpen });
      },
      setStoredLogsOpen(isStoredLogsOpen) {
        set({ isStoredLogsOpen });
      },
      setPlaying(isPlaying) {
        set({ isPlaying: isPlaying && get().summary !== null });
      },
      setPlaybackSpeed(playbackSpeed) {
        set({ playbackSpeed });
      },
      showNotice(notice) {
        set({ notice });
      },
    },
  };
}
