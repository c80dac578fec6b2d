import { api } from '../../../lib/api';

/** POST /auth/logout-all: signs every session of the person out, this one included, and forgets every browser's push. */
export const logoutAllRequest = () => api.post('auth/logout-all');
