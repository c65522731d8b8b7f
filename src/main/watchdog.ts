import type { KioskHeartbeat } from '../shared/ipc.js';

/** What the watchdog does to the outside world; Electron in the kiosk, recorders in tests. */
export interface WatchdogEffects {
  playChime(): void;
  flash(on: boolean): void;
  notify(title: string, body: string): void;
  bringToFront(): void;
  /** The window is minimised or hidden: staff cannot see new orders. */
  isMinimised(): boolean;
}

export interface WatchdogOptions {
  now?: () => number;
  /** Whether the admin app is known to send heartbeats (once one arrived, they are expected from then on). */
  expectHeartbeat?: boolean;
  heartbeatTimeoutMs?: number;
  /** Time the app gets after (re)loading before a missing heartbeat counts. */
  startupGraceMs?: number;
  signedOutGraceMs?: number;
  offlineGraceMs?: number;
  printerGraceMs?: number;
  unresponsiveGraceMs?: number;
  chimeRepeatMs?: number;
  /** Least time between two new-order notifications; a quicker change waits for the next check. */
  orderNotifyGapMs?: number;
}

export type Problem = 'renderer-gone' | 'unresponsive' | 'no-heartbeat' | 'signed-out' | 'offline' | 'printer';

export interface PrinterHealth {
  online: boolean;
  pending: number;
  lastError: string | null;
}

export const ALARM_TITLE = 'Kiosque : commandes en danger';

/**
 * Watches whether the counter can still see and take orders: the admin app's heartbeats, the
 * renderer process, the network and the printer. When something is wrong it raises an alarm of
 * its own (chime, flashing taskbar button, notification, window to the front), repeated until the
 * cause is gone, since the page that normally rings may be the thing that is broken.
 */
export class KioskWatchdog {
  private readonly now: () => number;
  private readonly o: Required<Omit<WatchdogOptions, 'now' | 'expectHeartbeat'>>;
  private expectHeartbeat: boolean;
  private loadedAt: number;
  private last: KioskHeartbeat | null = null;
  private lastAt: number | null = null;
  private signedOutSince: number | null = null;
  private offlineSince: number | null = null;
  private printerFailingSince: number | null = null;
  private printerError: string | null = null;
  private gone: string | null = null;
  private unresponsiveSince: number | null = null;
  private active = new Set<Problem>();
  private lastChimeAt = -Infinity;
  private flashing = false;
  private ordersNotified = 0;
  private ordersNotifiedAt = -Infinity;
  private networkDownSince: number | null = null;

  constructor(
    private readonly effects: WatchdogEffects,
    options: WatchdogOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.expectHeartbeat = options.expectHeartbeat ?? false;
    this.o = {
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 30_000,
      startupGraceMs: options.startupGraceMs ?? 90_000,
      signedOutGraceMs: options.signedOutGraceMs ?? 60_000,
      offlineGraceMs: options.offlineGraceMs ?? 60_000,
      printerGraceMs: options.printerGraceMs ?? 30_000,
      unresponsiveGraceMs: options.unresponsiveGraceMs ?? 5_000,
      chimeRepeatMs: options.chimeRepeatMs ?? 20_000,
      orderNotifyGapMs: options.orderNotifyGapMs ?? 10_000,
    };
    this.loadedAt = this.now();
  }

  heartbeat(state: KioskHeartbeat): void {
    const t = this.now();
    this.expectHeartbeat = true;
    this.last = state;
    this.lastAt = t;
    this.gone = null;
    this.unresponsiveSince = null;
    if (state.signedIn) this.signedOutSince = null;
    else this.signedOutSince ??= t;
    const offline = state.signedIn && (!state.online || !state.realtimeJoined);
    if (offline) this.offlineSince ??= t;
    else this.offlineSince = null;
    this.check();
  }

  /** A new document started in the window (first start, reload after a crash). */
  rendererLoaded(): void {
    this.loadedAt = this.now();
    this.lastAt = null;
    // After a crash the alarm lasts until the reloaded app says it is back, when it is known to say so.
    if (!this.expectHeartbeat) this.gone = null;
    this.unresponsiveSince = null;
    this.check();
  }

  rendererGone(reason: string): void {
    this.gone = reason;
    this.lastAt = null;
    this.unresponsiveSince = null;
    this.check();
  }

  rendererUnresponsive(): void {
    this.unresponsiveSince ??= this.now();
    this.check();
  }

  rendererResponsive(): void {
    this.unresponsiveSince = null;
    this.check();
  }

  printer(status: PrinterHealth): void {
    const failing = !status.online && status.pending > 0;
    if (failing) this.printerFailingSince ??= this.now();
    else this.printerFailingSince = null;
    this.printerError = failing ? status.lastError : null;
    this.check();
  }

  /** What the operating system says about the network (Electron's net.isOnline()), without the page. */
  network(online: boolean): void {
    if (online) this.networkDownSince = null;
    else this.networkDownSince ??= this.now();
    this.check();
  }

  /** Called every few seconds: time alone turns a late heartbeat or a long outage into an alarm. */
  tick(): void {
    this.check();
  }

  problems(): Problem[] {
    const t = this.now();
    const found: Problem[] = [];
    if (this.gone !== null) found.push('renderer-gone');
    if (this.unresponsiveSince !== null && t - this.unresponsiveSince >= this.o.unresponsiveGraceMs)
      found.push('unresponsive');
    if (this.gone === null && this.unresponsiveSince === null && this.expectHeartbeat) {
      const since = this.lastAt ?? this.loadedAt;
      const allowed =
        this.lastAt === null ? Math.max(this.o.startupGraceMs, this.o.heartbeatTimeoutMs) : this.o.heartbeatTimeoutMs;
      if (t - since >= allowed) found.push('no-heartbeat');
    }
    if (this.signedOutSince !== null && t - this.signedOutSince >= this.o.signedOutGraceMs) found.push('signed-out');
    const offlineSince = Math.min(this.offlineSince ?? Infinity, this.networkDownSince ?? Infinity);
    if (t - offlineSince >= this.o.offlineGraceMs) found.push('offline');
    if (this.printerFailingSince !== null && t - this.printerFailingSince >= this.o.printerGraceMs)
      found.push('printer');
    return found;
  }

  /** The orders waiting for acceptance, as the admin app last said. */
  unacceptedOrders(): number {
    return this.last?.unacceptedOrders ?? 0;
  }

  describe(problem: Problem): string {
    const t = this.now();
    switch (problem) {
      case 'renderer-gone':
        return `L’écran des commandes s’est arrêté (${this.gone}) : redémarrage en cours.`;
      case 'unresponsive':
        return 'L’écran des commandes ne répond plus.';
      case 'no-heartbeat':
        return `L’écran des commandes ne donne plus de nouvelles depuis ${Math.round((t - (this.lastAt ?? this.loadedAt)) / 1000)} s.`;
      case 'signed-out':
        return 'Personne n’est connecté au kiosque : les nouvelles commandes ne s’affichent pas.';
      case 'offline':
        return 'Pas de connexion au serveur depuis plus d’une minute : les commandes n’arrivent plus.';
      case 'printer':
        return `Imprimante en erreur${this.printerError ? ` : ${this.printerError}` : '.'}`;
    }
  }

  private check(): void {
    const t = this.now();
    const problems = this.problems();
    const added = problems.filter((p) => !this.active.has(p));
    this.active = new Set(problems);

    if (added.length > 0) {
      this.effects.notify(ALARM_TITLE, problems.map((p) => this.describe(p)).join('\n'));
      this.effects.bringToFront();
      this.effects.playChime();
      this.lastChimeAt = t;
    } else if (problems.length > 0 && t - this.lastChimeAt >= this.o.chimeRepeatMs) {
      this.effects.playChime();
      this.lastChimeAt = t;
    }

    const orders = this.unacceptedOrders();
    const minimised = this.effects.isMinimised();
    if (!minimised || orders < this.ordersNotified) this.ordersNotified = minimised ? orders : 0;
    if (minimised && orders > this.ordersNotified && t - this.ordersNotifiedAt >= this.o.orderNotifyGapMs) {
      this.ordersNotifiedAt = t;
      this.effects.notify(
        orders === 1 ? 'Nouvelle commande' : 'Nouvelles commandes',
        `${orders} commande${orders === 1 ? '' : 's'} en attente d’acceptation.`,
      );
      this.ordersNotified = orders;
    }

    const flash = problems.length > 0 || (minimised && orders > 0);
    if (flash !== this.flashing) {
      this.flashing = flash;
      this.effects.flash(flash);
    }
  }
}
