// Page object for the built viewer: opening logs, scrubbing, and the pane locators specs rely on.
// Specs wait on the root's data-load-state signal, never on sleeps.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { waitForAttributeInPage } from './long-tasks.ts';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** Drives one page of the viewer. */
export class ViewerPage {
  readonly page: Page;
  readonly root: Locator;
  readonly slider: Locator;
  readonly timeline: Locator;
  readonly events: Locator;
  readonly modelView: Locator;
  readonly fileInput: Locator;
  /** The generation badge of the header ("v0" …) and the panel it opens. */
  readonly formatBadge: Locator;
  readonly formatPanel: Locator;
  /** The event detail under the events list, its pin toggle and its "pinned: seq N" label. */
  readonly detail: Locator;
  readonly pinButton: Locator;
  readonly pinnedLabel: Locator;
  /** While pinned: "cursor at seq N", once the cursor rests away from the pinned event. */
  readonly pinnedCursorHint: Locator;
  /** The ask shown when Back reaches the first place of the open log. */
  readonly leaveAsk: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('[data-load-state]');
    this.slider = page.getByRole('slider', { name: 'Seq' });
    this.timeline = page.getByRole('region', { name: 'Timeline' });
    this.events = page.getByRole('region', { name: 'Events' });
    this.modelView = page.getByRole('region', { name: 'Model view' });
    this.fileInput = page.getByTestId('file-input');
    this.formatBadge = page.getByTestId('format-generation');
    this.formatPanel = page.getByTestId('format-verdicts');
    this.detail = page.getByTestId('event-detail');
    this.pinButton = this.detail.getByRole('button', { name: 'Pin', exact: true });
    this.pinnedLabel = this.detail.getByTestId('detail-pinned-label');
    this.pinnedCursorHint = this.detail.getByTestId('detail-cursor-hint');
    this.leaveAsk = page.getByRole('alertdialog', { name: 'Leave this log?' });
  }

  /** A link button of the event detail, by the seq it goes to. */
  detailLink(seq: number): Locator {
    return this.detail.getByRole('button', { name: new RegExp(`→ ${seq}$`) });
  }

  /** Waits until the slider (the cursor) shows `seq`. */
  async expectCursorAt(seq: number): Promise<void> {
    await expect(this.slider).toHaveValue(String(seq));
  }

  /** Opens the format panel under the generation badge. */
  async openFormatPanel(): Promise<void> {
    await this.formatBadge.click();
    await expect(this.formatPanel).toBeVisible();
  }

  /** A refusal of the format panel, by its rule name. */
  formatRefusal(rule: string): Locator {
    return this.formatPanel.locator(`[data-rule="${rule}"]`);
  }

  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.root).toBeVisible();
  }

  async openDemo(): Promise<void> {
    await this.goto('/?demo=1');
    await this.waitForLoadState('ready');
  }

  /** Goes to `path` and waits until the log it names (a demo, a `?src=`, a permalink) is ready. */
  async gotoReady(path: string): Promise<void> {
    await this.goto(path);
    await this.waitForLoadState('ready');
  }

  /**
   * Opens the log at `path` through the file input and waits until it is ready; on a blank page it
   * first goes to the app's root.
   */
  async openLog(path: string, timeoutMs?: number): Promise<void> {
    if (this.page.url() === 'about:blank') await this.goto();
    await this.openFile(path);
    await this.waitForLoadState('ready', timeoutMs);
  }

  /** Drops the log at `path` on the page (see dropLog) and waits until it is ready. */
  async dropLogReady(path: string, mimeType?: string): Promise<void> {
    if (this.page.url() === 'about:blank') await this.goto();
    await this.dropLog(path, mimeType);
    await this.waitForLoadState('ready');
  }

  /** Opens a session of the sidebar by clicking its row (or any control that opens one) and waits until it is ready. */
  async openSession(control: Locator): Promise<void> {
    await control.click();
    await this.waitForLoadState('ready');
  }

  /**
   * Waits until the root's data-load-state reads `state`, checked inside the page: an expect poll
   * would take an aria snapshot of the whole app on every miss (Playwright 1.65), a main-thread task
   * of its own that specs measuring long tasks would count and that slows every load.
   */
  async waitForLoadState(state: LoadState, timeoutMs = 30_000): Promise<void> {
    try {
      await waitForAttributeInPage(this.page, '[data-load-state]', 'data-load-state', state, timeoutMs);
    } catch (error) {
      const shown = await this.root.getAttribute('data-load-state', { timeout: 1_000 }).catch(() => null);
      throw new Error(
        `the viewer's load state stayed ${shown ?? '(no root)'}, not ${state}, for ${timeoutMs} ms`,
        {
          cause: error,
        },
      );
    }
  }

  /**
   * Opens a folder through the folder input (Playwright sets a directory on <input webkitdirectory>,
   * as a browser's folder picker does) and waits until its session list is scanned; returns the list.
   */
  async openFolder(path: string): Promise<Locator> {
    await this.page.getByTestId('folder-input').setInputFiles(path);
    const list = this.page.getByTestId('session-list');
    await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    return list;
  }

  /** Opens a file through the hidden file input (the "Open file…" path). */
  async openFile(path: string): Promise<void> {
    await this.fileInput.setInputFiles(path);
  }

  /**
   * Drops a file on the page the way a browser does: a DataTransfer with one File, dragenter → drop.
   * The bytes travel as base64, so keep dropped files small (use openFile for megabytes).
   */
  async dropLog(path: string, mimeType = 'application/octet-stream'): Promise<void> {
    const base64 = readFileSync(path).toString('base64');
    const dataTransfer = await this.page.evaluateHandle(
      ({ base64: content, name, type }) => {
        // Runs in the page: DOM types are not in the e2e (Node) compilation, hence the narrow cast.
        const page = globalThis as unknown as {
          atob(text: string): string;
          DataTransfer: new () => { items: { add(file: unknown): void } };
          File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
        };
        const binary = page.atob(content);
        const bytes = new Uint8Array(binary.length);
        for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
        const transfer = new page.DataTransfer();
        transfer.items.add(new page.File([bytes], name, { type }));
        return transfer;
      },
      { base64, name: basename(path), type: mimeType },
    );
    await this.page.dispatchEvent('body', 'dragenter', { dataTransfer });
    await this.page.dispatchEvent('body', 'dragover', { dataTransfer });
    await this.page.dispatchEvent('body', 'drop', { dataTransfer });
  }

  /** The cursor seq as the slider reports it. */
  async cursorSeq(): Promise<number> {
    return Number(await this.slider.inputValue());
  }

  /** Moves the slider to `seq` (fires input/change as a drag would) and waits for the model view to follow. */
  async scrubTo(seq: number): Promise<void> {
    await this.slider.fill(String(seq));
    await this.waitForModelViewAt(seq);
  }

  async waitForModelViewAt(seq: number): Promise<void> {
    await expect(this.modelView).toHaveAttribute('data-at-seq', String(seq));
  }

  /** Presses a key with the page focused on the body (not a text field). */
  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async modelMessageCount(): Promise<number> {
    return Number(await this.modelView.getAttribute('data-message-count'));
  }

  /** The model view's card of tool call `callId` (in its assistant message). */
  toolCallCard(callId: string): Locator {
    return this.modelView.locator(`[data-testid="tool-call-card"][data-call-id="${callId}"]`);
  }

  /** The model view's message card of seq `seq`. */
  modelMessage(seq: number): Locator {
    return this.modelView.locator(`[data-testid="model-message"][data-seq="${seq}"]`);
  }

  eventRow(seq: number): Locator {
    return this.events.locator(`[role="row"][data-seq="${seq}"]`);
  }

  loadError(): Locator {
    return this.page.getByTestId('load-error');
  }
}
