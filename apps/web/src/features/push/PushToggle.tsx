/**
 * Push notifications on this device, one switch: on, off, or why it cannot be (a browser without
 * push, or notifications blocked for the site), said plainly.
 */
import { BellRing } from 'lucide-react';
import { pushTexts } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { Card } from '../../ui/misc.tsx';
import { Switch } from '../../ui/switch.tsx';
import { usePushState, useSetPush } from './push.queries.ts';

/**
 * `offer`: shown only while push could be turned on here (the notifications page's invitation), and
 * then nothing at all, its spacing (`className`) included, so the list below does not move.
 */
export function PushToggle({ offer = false, className }: { offer?: boolean; className?: string }) {
  const state = usePushState();
  const setPush = useSetPush();
  const on = state.data === 'on';
  if (offer && state.data !== 'off' && !setPush.isPending) return null;
  const blocked = state.data === 'unsupported' || state.data === 'denied';
  // Under Settings' "Notifications" heading it is a subsection; on the notifications page it follows the h1.
  const Heading = offer ? 'h2' : 'h3';
  return (
    <Card className={cn('flex flex-col gap-3 p-4', className)}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600/20 text-brand-400">
          <BellRing className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <Heading className="font-semibold text-white">{pushTexts.title}</Heading>
          <p className="text-sm text-zinc-300">{pushTexts.hint}</p>
          <p className="mt-1 text-sm font-medium text-zinc-100" aria-live="polite">
            {state.isPending ? pushTexts.checking : on ? pushTexts.on : pushTexts.off}
          </p>
        </div>
        <Switch
          checked={on}
          label={pushTexts.switchLabel}
          disabled={state.isPending || blocked}
          busy={setPush.isPending}
          onChange={(next) => setPush.mutate(next)}
        />
      </div>
      {blocked ? (
        <p role="note" className="rounded-xl bg-zinc-800/80 px-3 py-2 text-sm text-zinc-200">
          {state.data === 'denied' ? pushTexts.denied : pushTexts.unsupported}
        </p>
      ) : null}
    </Card>
  );
}
