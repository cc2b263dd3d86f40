/** How a user is named in the interface: shared with the server, which greets on the signed-in landing page. */
export { userDisplayName, userGreetingName, userInitials } from '../../shared/user-names.ts';
