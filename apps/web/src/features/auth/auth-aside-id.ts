/** The id of the panel beside the sign-in forms (AuthAside), watched before its code is fetched. */
export const AUTH_ASIDE_ID = 'auth-aside';
