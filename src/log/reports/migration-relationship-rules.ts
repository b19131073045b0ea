// The relationship rules of the migration: turn and step numbering, events outside their turn or
// step, tool calls from their assistant/message to their result (the TOOL_NOT_STARTED repair
// included), calls left unresolved at a step/end or turn/end, and command run/done order.

import { isRecord } from '../event.ts';
import type { StoredEvent } from '../event.ts';
import { TOOL_NOT_STARTED_REPAIR_TEXT } from './released-v0-members.ts';
import type { RefusalList } from './migration-refusals.ts';
import { show } from './migration-refusals.ts';

/** Events the relationship check wants inside an open turn. */
const IN_TURN_TYPES: ReadonlySet<string> = new Set([
  'request/header',
  'request/context',
  'tool/code-dispatch-start',
  'tool/code-dispatch',
  'tool/ptc-dispatch-start',
  'tool/ptc-dispatch',
]);

/** One call the relationship check follows from its assistant/message to its result. */
interface ToolLifecycle {
  name: unknown;
  arguments: unknown;
  isStarted: boolean;
}

/** Whether a tool/result is the exact TOOL_NOT_STARTED repair (FORMAT.md §7.6), the only result a never-started call may have. */
function isExactNotStartedRepair(event: StoredEvent, data: Record<string, unknown>, callId: string): boolean {
  const error = data.error;
  const message = isRecord(data.message) ? data.message : {};
  const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
  const block: unknown = content[0];
  const inner: unknown[] =
    isRecord(block) && Array.isArray(block.content) ? (block.content as unknown[]) : [];
  const text: unknown = inner[0];
  return (
    isRecord(error) &&
    error.name === 'ToolNotStartedError' &&
    error.code === 'TOOL_NOT_STARTED' &&
    event.sourceEventSeqs === undefined &&
    message.id === `interrupted-tool-result-${callId}-${event.seq}` &&
    isRecord(block) &&
    block.isError === true &&
    inner.length === 1 &&
    isRecord(text) &&
    text.type === 'text' &&
    text.text === TOOL_NOT_STARTED_REPAIR_TEXT
  );
}

/**
 * The open turn and step, the step's tool calls and the commands seen, as the migration keeps them.
 * The caller passes every event in seq order: chunks and stored type names of all of them, and the
 * parsed events of the relationship types.
 */
export class RelationshipAudit {
  private openTurn: number | null = null;
  private openStep: number | null = null;
  private nextTurn = 1;
  private nextStep = 1;
  private readonly lifecycles = new Map<string, ToolLifecycle>();
  private readonly commandRuns = new Set<string>();
  private previous: StoredEvent | null = null;

  constructor(private readonly refusals: RefusalList) {}

  /** Refuses an assistant/chunk outside an open step. */
  acceptChunk(seq: number): void {
    if (this.openStep === null)
      this.refusals.add('outside-step', seq, `the assistant/chunk at seq ${seq} is outside an open step.`);
  }

  /** Refuses an event of a stored type that must be inside a turn when no turn is open (parsed or not). */
  acceptStoredType(seq: number, storedType: string): void {
    if (IN_TURN_TYPES.has(storedType) && this.openTurn === null)
      this.refusals.add('outside-step', seq, `${storedType} at seq ${seq} is outside any turn.`);
  }

  /** Follows one parsed event of (current) `type`; `data` is its payload, or {} when it has none. */
  acceptEvent(event: StoredEvent, type: string, data: Record<string, unknown>): void {
    const seq = event.seq;
    switch (type) {
      case 'turn/start':
        this.startTurn(seq, data);
        break;
      case 'turn/end':
        this.endTurn(seq, data);
        break;
      case 'step/start':
        this.startStep(seq, data);
        break;
      case 'step/end':
        this.endStep(seq, data);
        break;
      case 'assistant/message':
        this.acceptAssistantMessage(seq, data);
        break;
      case 'tool/call':
        this.acceptToolCall(seq, data);
        break;
      case 'tool/result':
        this.acceptToolResult(event, data);
        break;
      case 'command/run':
      case 'command/done':
        this.acceptCommand(seq, type, data);
        break;
      default:
        break;
    }
    this.previous = event;
  }

  /** A turn/start right after a non-empty next-turn splice while the turn has no open step: a legacy restart. */
  private isLegacyRestart(seq: number, turn: unknown): boolean {
    const previous = this.previous;
    if (this.openTurn === null || this.openStep !== null || turn !== this.openTurn + 1) return false;
    if (previous === null || previous.type !== 'agent/inbox/spliced' || previous.seq !== seq - 1)
      return false;
    const splice = isRecord(previous.data) ? previous.data : {};
    return splice.target === 'next-turn' && Array.isArray(splice.inserted) && splice.inserted.length > 0;
  }

  private startTurn(seq: number, data: Record<string, unknown>): void {
    const turn = data.turn;
    // The migration closes such a turn with an inserted turn/end {interrupted}, which is checked like any turn/end.
    if (this.isLegacyRestart(seq, turn)) this.closeTurn(seq, 'turn/end inserted before the restarted turn');
    if (this.openTurn !== null)
      this.refusals.add(
        'turn-order',
        seq,
        `the turn/start at seq ${seq} opens turn ${show(turn)} while turn ${this.openTurn} is still open (no turn/end).`,
      );
    else if (turn !== this.nextTurn)
      this.refusals.add(
        'turn-order',
        seq,
        `the turn/start at seq ${seq} opens turn ${show(turn)}, but the next turn must be ${this.nextTurn}.`,
      );
    this.openTurn = typeof turn === 'number' ? turn : this.nextTurn;
    this.openStep = null;
    this.nextStep = 1;
    this.lifecycles.clear();
  }

  private endTurn(seq: number, data: Record<string, unknown>): void {
    if (this.openTurn === null || data.turn !== this.openTurn)
      this.refusals.add(
        'turn-order',
        seq,
        this.openTurn === null
          ? `the turn/end at seq ${seq} ends turn ${show(data.turn)}, but no turn is open.`
          : `the turn/end at seq ${seq} ends turn ${show(data.turn)}, but the open turn is ${this.openTurn}.`,
      );
    this.closeTurn(seq, 'turn/end');
  }

  /** Ends the open turn at `boundary` (a turn/end, or the one the migration inserts for a legacy restart). */
  private closeTurn(seq: number, boundary: string): void {
    this.reportUnresolved(seq, boundary);
    if (this.openStep !== null)
      this.refusals.add(
        'step-order',
        seq,
        `the ${boundary} at seq ${seq} ends turn ${this.openTurn ?? '?'} while step ${this.openStep} is still open (no step/end).`,
      );
    this.nextTurn = (this.openTurn ?? this.nextTurn - 1) + 1;
    this.openTurn = null;
    this.openStep = null;
    this.lifecycles.clear();
  }

  private startStep(seq: number, data: Record<string, unknown>): void {
    if (
      this.openTurn === null ||
      data.turn !== this.openTurn ||
      this.openStep !== null ||
      data.step !== this.nextStep
    )
      this.refusals.add(
        'step-order',
        seq,
        this.openTurn === null
          ? `the step/start at seq ${seq} is outside any turn.`
          : this.openStep !== null
            ? `the step/start at seq ${seq} opens a step while step ${this.openStep} is still open.`
            : `the step/start at seq ${seq} opens turn ${show(data.turn)} step ${show(data.step)}, but the next step is turn ${this.openTurn} step ${this.nextStep}.`,
      );
    this.openStep = typeof data.step === 'number' ? data.step : this.nextStep;
  }

  private endStep(seq: number, data: Record<string, unknown>): void {
    if (!this.isInOpenStep(data))
      this.refusals.add(
        'step-order',
        seq,
        `the step/end at seq ${seq} names turn ${show(data.turn)} step ${show(data.step)}, which is not the open step.`,
      );
    this.reportUnresolved(seq, 'step/end');
    this.lifecycles.clear();
    this.nextStep = (this.openStep ?? this.nextStep - 1) + 1;
    this.openStep = null;
  }

  private isInOpenStep(data: Record<string, unknown>): boolean {
    return (
      this.openTurn !== null &&
      this.openStep !== null &&
      data.turn === this.openTurn &&
      data.step === this.openStep
    );
  }

  private requireOpenStep(seq: number, type: string, data: Record<string, unknown>): void {
    if (!this.isInOpenStep(data))
      this.refusals.add(
        'outside-step',
        seq,
        `the ${type} at seq ${seq} names turn ${show(data.turn)} step ${show(data.step)}, which is not an open step.`,
      );
  }

  private reportUnresolved(seq: number, boundary: string): void {
    for (const [callId, lifecycle] of this.lifecycles)
      this.refusals.add(
        'unresolved-tool-call',
        seq,
        `the ${boundary} at seq ${seq} leaves the tool call ${show(callId)} (${typeof lifecycle.name === 'string' ? lifecycle.name : 'unnamed'}) unresolved: it was ${lifecycle.isStarted ? 'started' : 'asked for'} and has no tool/result (a crashed or failed v0 turn; current dsh settles such calls itself).`,
      );
  }

  private acceptAssistantMessage(seq: number, data: Record<string, unknown>): void {
    this.requireOpenStep(seq, 'assistant/message', data);
    const message = isRecord(data.message) ? data.message : {};
    const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    for (const block of content) {
      if (!isRecord(block) || block.type !== 'tool-call' || typeof block.id !== 'string') continue;
      if (this.lifecycles.has(block.id))
        this.refusals.add(
          'tool-call-lifecycle',
          seq,
          `the assistant/message at seq ${seq} asks for the tool call ${show(block.id)} a second time in one step.`,
        );
      this.lifecycles.set(block.id, { name: block.name, arguments: block.arguments, isStarted: false });
    }
  }

  private acceptToolCall(seq: number, data: Record<string, unknown>): void {
    this.requireOpenStep(seq, 'tool/call', data);
    const callId = data.callId;
    const lifecycle = typeof callId === 'string' ? this.lifecycles.get(callId) : undefined;
    if (
      lifecycle === undefined ||
      lifecycle.isStarted ||
      lifecycle.name !== data.name ||
      lifecycle.arguments !== data.arguments
    ) {
      this.refusals.add(
        'tool-call-lifecycle',
        seq,
        lifecycle === undefined
          ? `the tool/call at seq ${seq} starts ${show(callId)}, which no assistant/message of the open step asked for.`
          : lifecycle.isStarted
            ? `the tool/call at seq ${seq} starts ${show(callId)} a second time.`
            : `the tool/call at seq ${seq} starts ${show(callId)} with another name or other arguments than the assistant/message asked for.`,
      );
      return;
    }
    lifecycle.isStarted = true;
  }

  private acceptToolResult(event: StoredEvent, data: Record<string, unknown>): void {
    const seq = event.seq;
    if (event.surfaceOp !== 'append') {
      if (this.openTurn === null)
        this.refusals.add(
          'outside-step',
          seq,
          `the replacing tool/result at seq ${seq} is outside any turn.`,
        );
      return;
    }
    this.requireOpenStep(seq, 'tool/result', data);
    const message = isRecord(data.message) ? data.message : {};
    const source = isRecord(message.source) ? message.source : {};
    const callId = typeof source.callId === 'string' ? source.callId : null;
    const lifecycle = callId === null ? undefined : this.lifecycles.get(callId);
    if (callId === null || lifecycle === undefined)
      this.refusals.add(
        'tool-call-lifecycle',
        seq,
        `the tool/result at seq ${seq} answers ${show(callId)}, which is not an unsettled call of the open step.`,
      );
    else if (!lifecycle.isStarted && !isExactNotStartedRepair(event, data, callId))
      this.refusals.add(
        'tool-call-lifecycle',
        seq,
        `the tool/result at seq ${seq} answers ${show(callId)}, which has no tool/call, and it is not the exact TOOL_NOT_STARTED repair.`,
      );
    if (callId !== null) this.lifecycles.delete(callId);
  }

  private acceptCommand(
    seq: number,
    type: 'command/run' | 'command/done',
    data: Record<string, unknown>,
  ): void {
    const id = data.commandId;
    if (typeof id !== 'string') return;
    if (type === 'command/run') {
      if (this.commandRuns.has(id))
        this.refusals.add(
          'command-order',
          seq,
          `the command/run at seq ${seq} uses the commandId ${show(id)} again.`,
        );
      this.commandRuns.add(id);
    } else if (!this.commandRuns.has(id))
      this.refusals.add(
        'command-order',
        seq,
        `the command/done at seq ${seq} for ${show(id)} has no earlier command/run.`,
      );
  }
}
