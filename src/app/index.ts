export { I18nProvider, useLocale } from './i18n/I18nProvider';
export { activateLocale, i18n } from './i18n/catalogs';
export { readStoredLocale, storeLocale, isLocale, htmlLang, LOCALE_NAMES } from './i18n/locale';
export { formatMoney, formatNumber, formatDate, formatDateTime, formatTime, isSameSaoPauloDay } from './format';
export {
  AuthProvider,
  useAuth,
  useAuthActor,
  useSessionEnd,
  authStatusOf,
  type AuthActor,
  type AuthStatus,
  type UseAuth,
} from './auth/auth-context';
export { authSettled } from './auth/settled';
export { toast, useToast, Toasts, type Toaster } from './toast';
export { reportError, messagesOf, installGlobalErrorHandler } from './report-error';
export { ConfirmProvider, useConfirm, ConfirmCancelledError, type Confirm, type ConfirmOptions } from './dialogs/confirm';
export { VisitorPromptProvider, useVisitorPrompt, type VisitorPrompt } from './dialogs/visitor-prompt';
export { SignInNotice } from './dialogs/SignInNotice';
export { sanitizeReturnUrl, afterSignInPath } from './navigation/return-url';
export { guestOnly, signedInOnly, adminOnly, adminPathsFor, isAdminPath, type AuthFacts } from './navigation/guards';
export { usePageTitle } from './page-title';
export { loadCatalogScope } from './i18n/catalogs';
export { whenPageSettled } from '../lib/settled';
