import { type DeleteAccountBody, deleteAccountBody } from '@tally/shared';
import { useMutation } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';

/** DELETE /user: deletes the account and everything in it, confirmed with the password or Google. */
export const deleteAccountRequest = (body: DeleteAccountBody) =>
  api.delete('user', undefined, jsonBody(deleteAccountBody, body));

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccountRequest });
