import type { AccessTokens } from './auth/access-tokens';
import type { RefreshTokens } from './auth/refresh-tokens';
import type { SessionStatus } from './auth/session-records';
import type { Config } from './config';
import type { Database } from './db/types';
import type { PersonalCache } from './http/personal-cache';
import type { PublicCache } from './http/public-cache';
import type { Clock } from './services/clock';
import type { PaymentGateways } from './services/payments/gateways';
import type { FileStorage } from './services/storage/file-storage';
import type { UserStatus } from './users/user-status';

/** What route plugins receive: collaborators are passed in, so tests can swap any of them. */
export interface AppServices {
  config: Config;
  db: Database;
  clock: Clock;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  gateways: PaymentGateways;
  /** Uploads: DATA_DIR/uploads or the S3 bucket (config.storage). */
  storage: FileStorage;
  /** Whether a signed-in user may still act (cached briefly; `forget` after changing an account). */
  userStatus: UserStatus;
  /** Whether an access token's session is still open (cached briefly; `forget` after ending sessions). */
  sessionStatus: SessionStatus;
  /** Public reads kept in memory until a commit changes them (docs/campaigns.md). */
  publicCache: PublicCache;
  /** A signed-in person's own reads kept in memory until a commit changes them (docs/auth-and-profile.md). */
  personalCache: PersonalCache;
}
