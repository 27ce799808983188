/**
 * Notification rules (spec §4.5): a device is known by its token (registering
 * a known token updates that device, keeping its card when none is given, and
 * reactivates it); changing a device reactivates it; a sending goes to the
 * active devices of its audience (every active device, or those of the
 * beneficiaries matching all its filters) and is stored only when there is
 * someone to receive it. Pure functions; the store runs the decisions in the
 * transaction of their write.
 */
import type { Audience, Device, DeviceFilter, Notification } from '../store/areas/notify.js';

/** What a registration request says of its device. */
export interface DeviceRequest {
  readonly token: string;
  readonly tipo: number;
  /** The beneficiary of the card given, if any. */
  readonly holderId: number | null;
  /** The pushid of the device if its token is new. */
  readonly pushid: string;
  /** `yyyy-mm-dd`. */
  readonly today: string;
}

/** The device after a registration: a new one, or the one with this token updated and active. */
export function registeredDevice(current: Device | undefined, req: DeviceRequest): Device {
  if (!current)
    return {
      pushid: req.pushid,
      token: req.token,
      tipo: req.tipo,
      holderId: req.holderId,
      active: true,
      registered_on: req.today,
    };
  return { ...current, tipo: req.tipo, holderId: req.holderId ?? current.holderId, active: true };
}

/** A changed device's new token and type; changing it reactivates it. */
export function changedDevice(token: string, tipo: number): Pick<Device, 'token' | 'tipo' | 'active'> {
  return { token, tipo, active: true };
}

/** The devices that receive a sending to this audience: active ones, of the beneficiaries matching every filter. */
export function audienceDevices(audience: Audience | 'all'): DeviceFilter {
  return audience === 'all' ? { active: true } : { ...audience, active: true };
}

/** A sending as stored with its count of recipients, or nothing to store when nobody receives it. */
export function sendingFor(
  sending: Omit<Notification, 'recipients'>,
): (recipients: number) => Notification | undefined {
  return (recipients) => (recipients > 0 ? { ...sending, recipients } : undefined);
}
