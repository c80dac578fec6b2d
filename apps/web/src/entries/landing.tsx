import { LandingPage } from '../features/landing/LandingPage';
import { mountPublicPage } from './public';

mountPublicPage(LandingPage);
