/**
 * /unsubscribe/{token}: where a mail's "Unsubscribe" link opens. It works signed out (the signed
 * token is the key) and asks before it changes anything, since mail scanners open links: only the
 * button turns the topic's emails off.
 */
import { MailX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { unsubscribeTexts as t } from '@gigreel/core';
import { ApiError } from '../api/client.ts';
import { useViewer } from '../features/auth/index.ts';
import { useUnsubscribe, useUnsubscribeLink } from '../features/notifications/index.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { Card, EmptyState, LoadFailed, PageTitle, Spinner } from '../ui/misc.tsx';

/** No such link (404), or not even the shape of one (400): nothing to retry. */
const isInvalidLink = (error: Error) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  const { viewer } = useViewer();
  const onward = viewer ? (
    <Link to="/settings" className={buttonClass('outline')}>
      {t.settings}
    </Link>
  ) : (
    <Link to="/" className={buttonClass('outline')}>
      {t.home}
    </Link>
  );
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-xl flex-col gap-4 px-4 py-6 md:py-2">
      <PageTitle>{t.pageTitle}</PageTitle>
      {link.isPending ? <Spinner label={t.loading} /> : null}
      {link.isError ? (
        isInvalidLink(link.error) ? (
          <EmptyState title={t.invalid} action={onward} />
        ) : (
          <LoadFailed title={t.failed} detail={link.error.message} query={link} />
        )
      ) : null}
      {link.data ? (
        <Card className="flex flex-col gap-4">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-600/20 text-brand-400">
            <MailX className="h-6 w-6" aria-hidden="true" />
          </span>
          {link.data.emailOn && !unsubscribe.isSuccess ? (
            <>
              <h2 className="text-lg font-bold text-white">{t.confirm(link.data.topic)}</h2>
              <p className="text-sm text-zinc-300">{t.explain}</p>
              <div className="flex flex-wrap gap-2">
                <Button busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
                  {t.button}
                </Button>
                {onward}
              </div>
            </>
          ) : (
            <>
              <p role="status" className="text-lg font-bold text-white">
                {unsubscribe.data?.message ?? t.alreadyOff(link.data.topic)}
              </p>
              <p className="text-sm text-zinc-300">{t.explain}</p>
              <div>{onward}</div>
            </>
          )}
        </Card>
      ) : null}
    </div>
  );
}
