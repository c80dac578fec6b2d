import { RegisterPage } from '../features/auth/RegisterPage';
import { mountPublicPage } from './public';

mountPublicPage(RegisterPage);
