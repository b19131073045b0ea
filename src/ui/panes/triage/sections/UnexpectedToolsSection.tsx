// Step 5 of the reading order: tool calls whose names the request or header did not offer, each
// flagged when it looks like a declared tool (shared/LookalikeFlag.tsx).
import { describeToolNameCheck } from '../../../../log/index.ts';
import { useViewer } from '../../../../store/use-viewer.ts';
import { LookalikeFlag } from '../../../shared/LookalikeFlag.tsx';
import { useWorkerQuery } from '../../../shared/use-worker-query.ts';
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Muted } from '../parts/Muted.tsx';
import { Section } from '../parts/Section.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import type { TriageSectionProps } from './section-props.ts';

/** The lookalike flag of `name` against the tools the header at `headerSeq` declares. */
function HeaderLookalikeFlag({ name, headerSeq }: { name: string; headerSeq: number }) {
  const client = useViewer((state) => state.client);
  const logGeneration = useViewer((state) => state.logGeneration);
  // Asked of the worker, which holds the confusables table (it stays out of the page's bundle).
  const answer = useWorkerQuery(
    () => client.query({ kind: 'lookalike-tools', headerSeq, names: [name] }),
    [client, headerSeq, name],
    { log: logGeneration },
  );
  return <LookalikeFlag flag={answer.status === 'ready' ? answer.value[0] : undefined} />;
}

/** Each unexpected tool name with its call and the header it is missing from, or what was checked. */
export function UnexpectedToolsSection({ report, onSelect }: TriageSectionProps) {
  return (
    <Section title="Unexpected tool names" step={5} testId="triage-unexpected-tools">
      {report.unexpectedTools.length === 0 ? (
        <Muted>{describeToolNameCheck(report.toolNameCheck, report.callOutcomes)}</Muted>
      ) : (
        <>
          <ul className="space-y-0.5 text-xs">
            {report.unexpectedTools.map((tool) => (
              <li key={tool.callId} className="flex flex-wrap items-center gap-2">
                <SeqLink seq={tool.seq} onJump={onSelect} />
                <span className="font-mono">
                  <VisibleText text={tool.name} maxChars={120} />
                </span>
                {tool.headerSeq !== null && (
                  <HeaderLookalikeFlag name={tool.name} headerSeq={tool.headerSeq} />
                )}
                <span className="text-zinc-600 dark:text-zinc-400">not in request/header</span>
                <SeqLink seq={tool.headerSeq} onJump={onSelect} />
              </li>
            ))}
          </ul>
          <Muted>
            A plugin{report.header.isDelegatedChild ? ' or this child session\u2019s own preset' : ''} added
            them: remove the last plugin you added before re-prompting.
          </Muted>
        </>
      )}
    </Section>
  );
}
