import { createElement, Fragment, type ReactNode, type SVGProps } from 'react';
import { STROKE_ICON } from '../../../shared/ui/stroke-icon.js';

type IconProps = SVGProps<SVGSVGElement>;

/** An icon drawn with the shared line look; the shapes (paths, circles…) are the icon's own. */
const lineIcon = (...shapes: ReactNode[]) =>
  function LineIcon(props: IconProps) {
    return (
      <svg {...STROKE_ICON} aria-hidden="true" {...props}>
        {/* As arguments, not an array: the shapes need no keys. */}
        {createElement(Fragment, null, ...shapes)}
      </svg>
    );
  };

/** A solid icon (brand marks, the rating star) filled in the text colour. */
const filledIcon = (shape: ReactNode) =>
  function FilledIcon(props: IconProps) {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
        {shape}
      </svg>
    );
  };

export const CloseIcon = lineIcon(<path d="M18 6 6 18M6 6l12 12" />);
export const MenuIcon = lineIcon(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CartIcon = lineIcon(
  <circle cx="9" cy="20" r="1.4" />,
  <circle cx="18" cy="20" r="1.4" />,
  <path d="M2 3h3l2.6 12.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />,
);
export const UserIcon = lineIcon(<circle cx="12" cy="8" r="4" />, <path d="M4 21a8 8 0 0 1 16 0" />);
export const ChevronDownIcon = lineIcon(<path d="m6 9 6 6 6-6" />);
export const ChevronLeftIcon = lineIcon(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = lineIcon(<path d="m9 18 6-6-6-6" />);
export const PlusIcon = lineIcon(<path d="M12 5v14M5 12h14" />);
export const MinusIcon = lineIcon(<path d="M5 12h14" />);
export const TrashIcon = lineIcon(<path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6" />);
export const PhoneIcon = lineIcon(
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.5c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />,
);
export const MailIcon = lineIcon(<rect x="2" y="4" width="20" height="16" rx="2" />, <path d="m22 7-10 6L2 7" />);
export const MapPinIcon = lineIcon(
  <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />,
  <circle cx="12" cy="10" r="3" />,
);
export const ClockIcon = lineIcon(<circle cx="12" cy="12" r="10" />, <path d="M12 6v6l4 2" />);
export const SearchIcon = lineIcon(<circle cx="11" cy="11" r="7" />, <path d="m21 21-4.3-4.3" />);
export const CheckIcon = lineIcon(<path d="M20 6 9 17l-5-5" />);
export const ArrowRightIcon = lineIcon(<path d="M5 12h14M13 5l7 7-7 7" />);
export const ExternalIcon = lineIcon(
  <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
);
export const TruckIcon = lineIcon(
  <path d="M1 4h13v12H1zM14 9h4l3 3v4h-7" />,
  <circle cx="6" cy="18" r="2" />,
  <circle cx="17" cy="18" r="2" />,
);
export const StoreIcon = lineIcon(<path d="M3 9 4.5 4h15L21 9M3 9v11h18V9M3 9h18M9 20v-6h6v6" />);
export const HandSwipeIcon = lineIcon(
  <path d="M9 11V5.5a1.5 1.5 0 0 1 3 0V11m0-1.5a1.5 1.5 0 0 1 3 0V11m0-.5a1.5 1.5 0 0 1 3 0V15a6 6 0 0 1-6 6h-1a6 6 0 0 1-4.9-2.6L4.3 15a1.5 1.5 0 0 1 2.4-1.8L9 15" />,
  <path d="M3 4h4M17 4h4M19 2l2 2-2 2M5 2 3 4l2 2" />,
);
export const FlameIcon = lineIcon(
  <path d="M12 22c4 0 7-2.7 7-6.6 0-3.1-2-5.6-3.6-7.3-.4 2-1.5 3.1-2.6 3.5.6-3.7-.8-7-3.8-9.6.2 3.4-1.7 5.6-3.3 7.6C4.9 11.8 5 13.5 5 15.4 5 19.3 8 22 12 22z" />,
);
export const HeartIcon = lineIcon(
  <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />,
);
export const AwardIcon = lineIcon(<circle cx="12" cy="8" r="6" />, <path d="M15.5 13 17 22l-5-3-5 3 1.5-9" />);
export const RepeatIcon = lineIcon(
  <path d="m17 1 4 4-4 4M3 11V9a4 4 0 0 1 4-4h14M7 23l-4-4 4-4M21 13v2a4 4 0 0 1-4 4H3" />,
);
export const LogOutIcon = lineIcon(<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />);
export const CalendarIcon = lineIcon(
  <rect x="3" y="4" width="18" height="18" rx="2" />,
  <path d="M16 2v4M8 2v4M3 10h18" />,
);
export const StarIcon = filledIcon(<path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />);
export const FacebookIcon = filledIcon(
  <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z" />,
);
export const InstagramIcon = lineIcon(
  <rect x="2" y="2" width="20" height="20" rx="5" />,
  <circle cx="12" cy="12" r="4" />,
  <circle cx="17.5" cy="6.5" r=".6" fill="currentColor" />,
);
