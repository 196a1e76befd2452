/**
 * /appeal/{token}: the page an action's notice links to (issue 17). It works signed out, since a
 * suspended person cannot sign in: the token is the key. It shows what an admin decided and why, and
 * lets the person appeal it once; then where the appeal stands, and the admin's answer.
 */
import { Link, useParams } from 'react-router';
import { reportsTexts } from '@gigreel/core';
import { ApiError } from '../api/client.ts';
import { AppealAnswer, AppealDecision, appealPageTexts as t, useAppeal } from '../features/reports/index.ts';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState, LoadFailed, PageTitle, Spinner } from '../ui/misc.tsx';

/** No such link (404), or not even the shape of one (400): nothing to retry. */
const isInvalidLink = (error: Error) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export default function AppealPage() {
  const { token = '' } = useParams();
  const appeal = useAppeal(token);
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-xl flex-col gap-4 px-4 py-6 md:py-2">
      <PageTitle>{reportsTexts.appealTitle}</PageTitle>
      {appeal.isPending ? <Spinner label={t.loading} /> : null}
      {appeal.isError ? (
        isInvalidLink(appeal.error) ? (
          <EmptyState
            title={reportsTexts.appealNotFound}
            action={
              <Link to="/" className={buttonClass('primary')}>
                {t.home}
              </Link>
            }
          />
        ) : (
          <LoadFailed title={t.fetchFailed} detail={appeal.error.message} query={appeal} />
        )
      ) : null}
      {appeal.data ? (
        <>
          <AppealDecision view={appeal.data} />
          <AppealAnswer key={token} token={token} view={appeal.data} />
        </>
      ) : null}
    </div>
  );
}
