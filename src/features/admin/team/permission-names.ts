// The names live with the admin's contract messages: the invitation e-mail names the permissions too.
export { PERMISSION_NAMES } from '../../../../contracts/admin-messages';
