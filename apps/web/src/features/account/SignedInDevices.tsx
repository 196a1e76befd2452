/**
 * Settings' signed-in devices: each live session by browser and system, when it was last active and
 * signed in, this one marked; any other one signed out with a tap, or all of them at once.
 */
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import { accountTexts, activeText, type SignedInDevice } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Badge, Spinner } from '../../ui/misc.tsx';
import { useDevices, useEndDevice, useSignOutOthers } from './account.queries.ts';

const t = accountTexts.devices;

function DeviceIcon({ device }: { device: string }) {
  const Icon = /iPad/.test(device) ? Tablet : /iPhone|Android/.test(device) ? Smartphone : Monitor;
  return <Icon className="h-5 w-5 shrink-0 text-zinc-400" aria-hidden="true" />;
}

export function SignedInDevices() {
  const devices = useDevices();
  const signOutOthers = useSignOutOthers();
  const others = devices.data?.filter((device) => !device.current).length ?? 0;
  return (
    <section aria-labelledby="devices-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="devices-title" className="text-lg font-bold text-white">
          {t.title}
        </h2>
        <p className="text-sm text-zinc-400">{t.hint}</p>
      </div>
      {devices.isPending ? (
        <Spinner label="Loading your devices" />
      ) : devices.isError ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-300">
            {t.loadFailed}
          </p>
          <Button variant="outline" size="sm" busy={devices.isRefetching} onClick={() => void devices.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ul
            aria-label={t.title}
            className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-panel"
          >
            {devices.data.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
          {others > 0 ? (
            <Button
              variant="outline"
              className="self-start"
              busy={signOutOthers.isPending}
              onClick={() => signOutOthers.mutate(undefined, { onSuccess: (result) => toast.success(result.message) })}
            >
              {t.signOutOthers}
            </Button>
          ) : (
            <p className="text-sm text-zinc-400">{t.onlyThis}</p>
          )}
        </>
      )}
    </section>
  );
}

function DeviceRow({ device }: { device: SignedInDevice }) {
  const end = useEndDevice();
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <DeviceIcon device={device.device} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-zinc-100">
          <span className="min-w-0 break-words">{device.device}</span>
          {device.current ? <Badge variant="secondary">{t.thisDevice}</Badge> : null}
        </p>
        <p className="text-xs text-zinc-400">
          {activeText(device.lastActiveAt, new Date())} · {t.signedIn(device.signedInAt)}
        </p>
      </div>
      {device.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          aria-label={t.signOutDevice(device.device)}
          busy={end.isPending}
          onClick={() => end.mutate(device.id, { onSuccess: (result) => toast.success(result.message) })}
        >
          {t.signOut}
        </Button>
      )}
    </li>
  );
}
