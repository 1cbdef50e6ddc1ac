// The auth module's public face: what other modules may import (apps/server/src/modules/README.md).
export {
  AUTH_DISABLED_MESSAGE,
  parseMuteList,
  toUser,
  type AuthService,
  type DeviceInfo,
} from './auth.service';
export type { FamilyState } from './auth.repository';
export type { Captcha } from './captcha';
