import { profileResponse, type UpdateProfileBody, updateProfileBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /user/profile: names and time zone; answers with the updated user. */
export const updateProfile = (body: UpdateProfileBody) =>
  api.put('user/profile', jsonBody(updateProfileBody, body), profileResponse).then((r) => r.data);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.settings.profile, user),
  });
}
