/**
 * The one script of the static public pages (docs/decisions/0009): no React, only the behaviour each
 * page's markup asks for through its data attributes and ids.
 */
import { enhanceSignIn } from './features/auth/signin-behaviour.ts';
import { enhanceLanding } from './features/landing/landing-behaviour.ts';

enhanceLanding();
enhanceSignIn();
