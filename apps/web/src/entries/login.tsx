import { LoginPage } from '../features/auth/LoginPage';
import { mountPublicPage } from './public';

mountPublicPage(LoginPage);
