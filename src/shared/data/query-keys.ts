/** Query keys of every resource, so a mutation or a realtime change can invalidate exactly what it touched. */
export const queryKeys = {
  menu: ['menu'] as const,
  /** Under menu: a menu change refetches the editor too. */
  menuEditor: ['menu', 'editor'] as const,
  reviews: ['reviews'] as const,
  /** The shop's open offers; the admin's list is under it (a change refetches both). */
  offers: ['offers'] as const,
  storeSettings: ['store-settings'] as const,
  /** The weekly schedule and the dated closures. */
  openingHours: ['opening-hours'] as const,
  orders: {
    all: ['orders'] as const,
    one: (id: string) => ['orders', 'one', id] as const,
    today: ['orders', 'today'] as const,
    /** The coming days' pre-orders from a Luxembourg day (upcoming_orders). */
    upcoming: (day: string, days: number) => ['orders', 'upcoming', day, days] as const,
    between: (from: string, to: string) => ['orders', 'between', from, to] as const,
    byCustomer: (email: string) => ['orders', 'customer', email] as const,
    search: (term: string) => ['orders', 'search', term] as const,
    stats: ['orders', 'stats'] as const,
    activeCount: ['orders', 'active-count'] as const,
    waiting: ['orders', 'waiting'] as const,
    takings: (from: string, to: string) => ['orders', 'takings', from, to] as const,
  },
  tracking: (term: string) => ['tracking', term] as const,
  /** The confirmation page of one order, by its full id. */
  confirmation: (id: string) => ['confirmation', id] as const,
  slots: (method: string, date: string) => ['slots', method, date] as const,
  allSlots: ['slots'] as const,
  account: {
    all: ['account'] as const,
    orders: ['account', 'orders'] as const,
    prefill: ['account', 'prefill'] as const,
  },
  /** The shop's free seats per time of a day (reservation_room); public, apart from the admin's lists. */
  reservationRoom: (date: string) => ['reservation-room', date] as const,
  reservations: {
    all: ['reservations'] as const,
    pendingCount: ['reservations', 'pending-count'] as const,
  },
  challengeRegistrations: ['challenge-registrations'] as const,
  customers: ['customers'] as const,
  team: ['team'] as const,
  promotions: {
    /** The signed-in customer's consent. */
    mine: ['account', 'promotion-consent'] as const,
    /** Admin: the consenting addresses. */
    audience: ['promotions', 'audience'] as const,
  },
  notifications: {
    byOrder: (orderId: string) => ['notifications', 'order', orderId] as const,
    notice: (orderId: string, status: string) => ['notifications', 'notice', orderId, status] as const,
  },
};
