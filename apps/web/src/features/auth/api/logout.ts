import { api } from '../../../lib/api';

/** POST /auth/logout: revokes this session's token. */
export const logoutRequest = () => api.post('auth/logout');
