import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /subscriptions/{id}/dismiss: a detected item the person does not want; it is not suggested again. */
export const dismissDetected = async (id: string) => {
  await api.post(`subscriptions/${id}/dismiss`);
};

export const useDismissDetected = () => useMutation({ mutationFn: dismissDetected });
