/**
 * The own account over the typed client: its email and a change waiting for confirmation, the
 * signed-in devices, and the changes (password, email, devices, deleting the account). A device
 * signed out or a password changed reads the devices again; a deleted account leaves the app signed out.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountTexts, type AccountResponse, type ChangeEmailInput, type ChangePasswordInput } from '@gigreel/core';
import { request } from '../../api/client.ts';

const accountKey = ['account'] as const;
const devicesKey = [...accountKey, 'devices'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: ({ signal }) => request('GET /api/account', {}, { signal }) });
}

export function useDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => request('GET /api/account/sessions', {}, { signal }).then((data) => data.devices),
  });
}

/** Its failure is shown in the dialog (a field's error under the field), which stays open to try again. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => request('POST /api/account/password', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** Shown in the dialog too; on success the change waiting for confirmation shows at once. */
export function useChangeEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => request('POST /api/account/email', { body: input }),
    onSuccess: (result) =>
      client.setQueryData<AccountResponse>(accountKey, (account) =>
        account ? { ...account, pendingEmail: result.pendingEmail } : account,
      ),
  });
}

export function useCancelEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request('DELETE /api/account/email'),
    onSuccess: () =>
      client.setQueryData<AccountResponse>(accountKey, (account) =>
        account ? { ...account, pendingEmail: null } : account,
      ),
    meta: { errorTitle: accountTexts.email.cancelFailed },
  });
}

export function useEndDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('DELETE /api/account/sessions/:id', { params: { id } }),
    // A device already gone answers 404: either way the list is read again.
    onSettled: () => client.invalidateQueries({ queryKey: devicesKey }),
    meta: { errorTitle: accountTexts.devices.signOutFailed },
  });
}

export function useSignOutOthers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST /api/account/sessions/sign-out-others'),
    onSettled: () => client.invalidateQueries({ queryKey: devicesKey }),
    meta: { errorTitle: accountTexts.devices.signOutFailed },
  });
}

/** Shown in its dialog; on success the caller leaves the app signed out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: { password: string; confirmation: string }) => request('DELETE /api/account', { body: input }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => request('POST /api/auth/resend-verification', { body: { email } }),
  });
}
