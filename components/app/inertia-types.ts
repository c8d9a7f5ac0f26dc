import type { LayoutExtras } from '../../shared/pages';
import type { FlashData, SharedProps } from '../../shared/props';

// Teaches Inertia's client types the shape of Equip's shared props and flash data,
// so `usePage().props.auth` and `usePage().flash.notifications` are typed everywhere.
declare module '@inertiajs/core' {
  interface InertiaConfig {
    sharedPageProps: SharedProps & LayoutExtras;
    flashDataType: FlashData;
  }
}

export {};
