import { z } from 'zod';
import { LoginResponse } from './auth';
import { SiteParams } from './common';

/**
 * TV activation by code (accounts-and-commerce §2 TV screens, §3 Device, §7 Second screens): the
 * device authorization grant of RFC 8628, with the spec's paths.
 */

/** Device types of the spec's §3; web TV activations use webtv. */
export const DeviceType = z.enum(['webtv', 'appletv', 'roku', 'android', 'ios', 'tv']);
export type DeviceType = z.infer<typeof DeviceType>;

/** A device's own stable id: generated once on the device and kept there. */
export const DeviceId = z
  .string()
  .trim()
  .min(8, 'deviceId must be at least 8 characters')
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/, 'deviceId may hold letters, digits and . _ : - only');
export type DeviceId = z.infer<typeof DeviceId>;

/**
 * The secret a device gets when it registers (decision 0038): the deviceId names the device, the
 * secret proves the caller is it. 43 base64url characters (32 random bytes); the server keeps
 * only its hash.
 */
export const DeviceSecret = z
  .string()
  .min(32, 'deviceSecret must be at least 32 characters')
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'deviceSecret may hold letters, digits, _ and - only');
export type DeviceSecret = z.infer<typeof DeviceSecret>;

/** The header that carries the device secret on the poll (check-second-screen). */
export const DEVICE_SECRET_HEADER = 'x-device-secret';
export const DeviceSecretHeaders = z.object({ [DEVICE_SECRET_HEADER]: DeviceSecret });
export type DeviceSecretHeaders = z.infer<typeof DeviceSecretHeaders>;

/**
 * The id the TV's maker gives the set (VIZIO's getDeviceId), unlike deviceId, which the app makes up
 * and loses with its storage. It names the set, never proves it (decision 0080).
 */
export const HardwareId = z
  .string()
  .trim()
  .min(1, 'hardwareId must not be empty')
  .max(128, 'hardwareId must be at most 128 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'hardwareId may hold letters, digits and . _ : - only');
export type HardwareId = z.infer<typeof HardwareId>;

/** The set's model as its platform names it (VIZIO's deviceModel, e.g. "M55Q7-J01"). */
export const DeviceModel = z
  .string()
  .trim()
  .min(1, 'deviceModel must not be empty')
  .max(64, 'deviceModel must be at most 64 characters')
  .regex(/^[^\p{C}]+$/u, 'deviceModel must be printable text');
export type DeviceModel = z.infer<typeof DeviceModel>;

/** POST /v2/sites/{site}/second-screens (no login). */
export const RegisterSecondScreenBody = z.object({
  deviceId: DeviceId,
  deviceType: DeviceType,
  /**
   * The secret an earlier registration of this deviceId returned. Without it, a deviceId that is
   * still live (a code showing, or signed in) cannot be registered again (409 deviceRegistered).
   */
  deviceSecret: DeviceSecret.optional(),
  /**
   * The set's own id where its platform tells it (VIZIO): the viewer's devices list shows the set
   * once, whatever deviceId it registered under when it was activated.
   */
  hardwareId: HardwareId.optional(),
  deviceModel: DeviceModel.optional(),
});
export type RegisterSecondScreenBody = z.infer<typeof RegisterSecondScreenBody>;

/** The code a TV shows, and how it should poll. */
export const SecondScreenRegistration = z
  .object({
    id: z.string(),
    deviceId: z.string(),
    /**
     * The device's secret: keep it, and present it on every poll (header x-device-secret) and on
     * registering again. The same one comes back when the request presented it.
     */
    deviceSecret: z.string(),
    /** 8 characters, no vowels; the viewer types it at `activationUrl`. */
    code: z.string(),
    /** ISO time the code stops working. */
    expiresAt: z.string(),
    /** Seconds until the code expires. */
    expiresIn: z.number().int(),
    /** Seconds to wait between polls of check-second-screen. */
    interval: z.number().int(),
    activationUrl: z.string(),
  })
  .meta({ id: 'SecondScreenRegistration' });
export type SecondScreenRegistration = z.infer<typeof SecondScreenRegistration>;

export const DeviceIdParams = SiteParams.extend({ deviceId: DeviceId });
export type DeviceIdParams = z.infer<typeof DeviceIdParams>;
/**
 * PUT /v2/sites/{site}/second-screens/{id}: `id` is the activation code the TV shows. The segment is
 * named `id` as on the device paths beside it, so the OpenAPI paths differ in more than a name (0041).
 */
export const SecondScreenCodeParams = SiteParams.extend({
  id: z.string().trim().min(1, 'A code is required').max(32).describe('The activation code the TV shows'),
});
export type SecondScreenCodeParams = z.infer<typeof SecondScreenCodeParams>;
export const SecondScreenIdParams = SiteParams.extend({ id: z.string().min(1).max(64) });
export type SecondScreenIdParams = z.infer<typeof SecondScreenIdParams>;

/**
 * GET /v2/sites/{site}/check-second-screen/{deviceId} (header x-device-secret): one poll of the TV.
 * A wrong secret answers 401 invalidDeviceSecret.
 */
export const SecondScreenCheck = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('pending'), interval: z.number().int() }),
    /** Polled sooner than `interval`: the interval has grown; wait that long from now on. */
    z.object({ status: z.literal('slowDown'), interval: z.number().int() }),
    /** The code expired: register again for a new one. */
    z.object({ status: z.literal('expired') }),
    /** Delivered once; later polls answer 404 unknownDevice. */
    z.object({ status: z.literal('activated'), login: LoginResponse }),
  ])
  .meta({ id: 'SecondScreenCheck' });
export type SecondScreenCheck = z.infer<typeof SecondScreenCheck>;

/** A user's activated device (accounts-and-commerce §3 Device). */
export const Device = z
  .object({
    _id: z.string(),
    deviceId: z.string(),
    deviceType: z.string(),
    /** Display name: AppleTV, Roku, Android, iOS, TV, or TV (web) for webtv. */
    name: z.string(),
    /** The set's own id and model, where its platform told them on registering (VIZIO); else null. */
    hardwareId: z.string().nullable(),
    model: z.string().nullable(),
    activatedAt: z.string(),
    /** Last time the device's session was refreshed (or started); null until it picks it up. */
    lastSeenAt: z.string().nullable(),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof Device>;

export const DeviceList = z.object({ items: z.array(Device) }).meta({ id: 'DeviceList' });
export type DeviceList = z.infer<typeof DeviceList>;

/** PUT /v2/sites/{site}/second-screens/{id} (the activation code). */
export const ActivateSecondScreenResponse = z
  .object({ message: z.literal('Device activated!'), device: Device })
  .meta({ id: 'ActivateSecondScreenResponse' });
export type ActivateSecondScreenResponse = z.infer<typeof ActivateSecondScreenResponse>;
