import { describe, expect, it } from 'vitest';
import { ALARM_TITLE, KioskWatchdog, type WatchdogEffects, type WatchdogOptions } from '../../src/main/watchdog';
import type { KioskHeartbeat } from '../../src/shared/ipc';

/** Records every effect, with a clock the test moves. */
function setup(options: WatchdogOptions = {}) {
  let now = 1_000_000;
  const log: string[] = [];
  const window = { minimised: false };
  const effects: WatchdogEffects = {
    playChime: () => log.push('chime'),
    flash: (on) => log.push(`flash:${on}`),
    notify: (title, body) => log.push(`notify:${title}|${body}`),
    bringToFront: () => log.push('front'),
    isMinimised: () => window.minimised,
  };
  const dog = new KioskWatchdog(effects, { now: () => now, expectHeartbeat: true, ...options });
  const advance = (ms: number) => {
    now += ms;
    dog.tick();
  };
  const take = () => log.splice(0, log.length);
  return { dog, advance, take, window };
}

const live: KioskHeartbeat = { signedIn: true, realtimeJoined: true, online: true, unacceptedOrders: 0 };

describe('kiosk watchdog', () => {
  it('stays quiet while the app beats, alarms once heartbeats stop, and goes quiet when they return', () => {
    const { dog, advance, take } = setup();
    for (let i = 0; i < 20; i++) {
      dog.heartbeat(live);
      advance(5_000);
    }
    expect(take()).toEqual([]);
    advance(24_000);
    expect(dog.problems()).toEqual([]);
    advance(2_000);
    expect(dog.problems()).toEqual(['no-heartbeat']);
    const raised = take();
    expect(raised[0]).toMatch(
      new RegExp(`^notify:${ALARM_TITLE}\\|L’écran des commandes ne donne plus de nouvelles depuis 31 s\\.`),
    );
    expect(raised.slice(1)).toEqual(['front', 'chime', 'flash:true']);
    advance(10_000);
    expect(take()).toEqual([]);
    advance(10_000);
    expect(take()).toEqual(['chime']);
    dog.heartbeat(live);
    expect(take()).toEqual(['flash:false']);
    advance(25_000);
    expect(take()).toEqual([]);
  });

  it('gives the app time to start before a missing first heartbeat counts', () => {
    const { dog, advance, take } = setup();
    dog.rendererLoaded();
    advance(89_000);
    expect(take()).toEqual([]);
    advance(1_000);
    expect(dog.problems()).toEqual(['no-heartbeat']);
    expect(take()).toContain('chime');
  });

  it('never alarms for a missing heartbeat from an app that has never sent one', () => {
    const { dog, advance, take } = setup({ expectHeartbeat: false });
    dog.rendererLoaded();
    advance(10 * 60_000);
    expect(take()).toEqual([]);
    dog.heartbeat(live);
    advance(31_000);
    expect(dog.problems()).toEqual(['no-heartbeat']);
  });

  it('alarms at once when the renderer crashes and until the reloaded app beats again', () => {
    const { dog, advance, take } = setup();
    dog.heartbeat(live);
    dog.rendererGone('crashed');
    expect(dog.problems()).toEqual(['renderer-gone']);
    const raised = take();
    expect(raised[0]).toBe(
      `notify:${ALARM_TITLE}|L’écran des commandes s’est arrêté (crashed) : redémarrage en cours.`,
    );
    expect(raised.slice(1)).toEqual(['front', 'chime', 'flash:true']);
    dog.rendererLoaded();
    advance(20_000);
    expect(take()).toEqual(['chime']);
    dog.heartbeat(live);
    expect(dog.problems()).toEqual([]);
    expect(take()).toEqual(['flash:false']);
  });

  it('alarms for a renderer that stays unresponsive, not for a short hang', () => {
    const { dog, advance, take } = setup();
    dog.heartbeat(live);
    dog.rendererUnresponsive();
    advance(2_000);
    dog.rendererResponsive();
    advance(2_000);
    expect(take()).toEqual([]);
    dog.rendererUnresponsive();
    advance(5_000);
    expect(dog.problems()).toEqual(['unresponsive']);
    expect(take()).toContain('notify:' + ALARM_TITLE + '|L’écran des commandes ne répond plus.');
    dog.rendererResponsive();
    expect(take()).toEqual(['flash:false']);
    dog.rendererUnresponsive();
    advance(15_000);
    dog.rendererGone('killed');
    expect(dog.problems()).toEqual(['renderer-gone']);
  });

  it('alarms when nobody is signed in for a minute (session lost or stuck on the login page)', () => {
    const { dog, advance, take } = setup();
    dog.heartbeat(live);
    for (let i = 0; i < 11; i++) {
      dog.heartbeat({ ...live, signedIn: false, realtimeJoined: false });
      advance(5_000);
    }
    expect(take()).toEqual([]);
    dog.heartbeat({ ...live, signedIn: false, realtimeJoined: false });
    advance(5_000);
    expect(dog.problems()).toEqual(['signed-out']);
    expect(take()[0]).toBe(
      `notify:${ALARM_TITLE}|Personne n’est connecté au kiosque : les nouvelles commandes ne s’affichent pas.`,
    );
    dog.heartbeat(live);
    expect(take()).toEqual(['flash:false']);
  });

  it('alarms when the network or the realtime channel is down for more than a minute, not for a short drop', () => {
    const { dog, advance, take } = setup();
    for (let i = 0; i < 11; i++) {
      dog.heartbeat({ ...live, online: false });
      advance(5_000);
    }
    dog.heartbeat(live);
    advance(5_000);
    expect(take()).toEqual([]);
    for (let i = 0; i < 12; i++) {
      dog.heartbeat({ ...live, realtimeJoined: false });
      advance(5_000);
    }
    expect(dog.problems()).toEqual(['offline']);
    expect(take().filter((e) => e.startsWith('notify'))).toEqual([
      `notify:${ALARM_TITLE}|Pas de connexion au serveur depuis plus d’une minute : les commandes n’arrivent plus.`,
    ]);
  });

  it('alarms when the operating system has had no network for more than a minute, even with the page gone quiet', () => {
    const { dog, advance, take } = setup({ expectHeartbeat: false });
    dog.network(false);
    advance(30_000);
    dog.network(true);
    advance(40_000);
    expect(take()).toEqual([]);
    dog.network(false);
    advance(59_000);
    dog.network(false);
    expect(take()).toEqual([]);
    advance(1_000);
    dog.network(false);
    expect(dog.problems()).toEqual(['offline']);
    expect(take()[0]).toBe(
      `notify:${ALARM_TITLE}|Pas de connexion au serveur depuis plus d’une minute : les commandes n’arrivent plus.`,
    );
    dog.network(true);
    expect(take()).toEqual(['flash:false']);
  });

  it('alarms when the printer has been failing with tickets waiting', () => {
    const { dog, advance, take } = setup();
    dog.heartbeat(live);
    dog.printer({ online: false, pending: 0, lastError: 'x' });
    for (let i = 0; i < 12; i++) {
      dog.heartbeat(live);
      advance(5_000);
    }
    dog.heartbeat(live);
    expect(take()).toEqual([]);
    dog.printer({ online: false, pending: 2, lastError: 'Plus de papier dans l’imprimante.' });
    dog.heartbeat(live);
    advance(29_000);
    dog.heartbeat(live);
    expect(take()).toEqual([]);
    advance(1_000);
    expect(dog.problems()).toEqual(['printer']);
    expect(take()[0]).toBe(`notify:${ALARM_TITLE}|Imprimante en erreur : Plus de papier dans l’imprimante.`);
    dog.printer({ online: true, pending: 0, lastError: null });
    expect(take()).toEqual(['flash:false']);
  });

  it('names every problem in one notification and rings again when another one appears', () => {
    const { dog, advance, take } = setup();
    dog.heartbeat(live);
    dog.printer({ online: false, pending: 1, lastError: 'Imprimante injoignable.' });
    advance(30_000);
    take();
    dog.rendererGone('oom');
    const raised = take();
    expect(raised[0]).toBe(
      `notify:${ALARM_TITLE}|L’écran des commandes s’est arrêté (oom) : redémarrage en cours.\nImprimante en erreur : Imprimante injoignable.`,
    );
    expect(raised.slice(1)).toEqual(['front', 'chime']);
  });

  it('flashes and notifies new orders while the window is minimised, not while staff can see it', () => {
    const { dog, advance, take, window } = setup();
    dog.heartbeat({ ...live, unacceptedOrders: 1 });
    expect(take()).toEqual([]);
    window.minimised = true;
    advance(2_000);
    expect(take()).toEqual(['notify:Nouvelle commande|1 commande en attente d’acceptation.', 'flash:true']);
    dog.heartbeat({ ...live, unacceptedOrders: 1 });
    advance(10_000);
    expect(take()).toEqual([]);
    dog.heartbeat({ ...live, unacceptedOrders: 3 });
    expect(take()).toEqual(['notify:Nouvelles commandes|3 commandes en attente d’acceptation.']);
    dog.heartbeat({ ...live, unacceptedOrders: 2 });
    dog.heartbeat({ ...live, unacceptedOrders: 3 });
    // A quick change is told once the gap since the last notification has passed.
    expect(take()).toEqual([]);
    advance(10_000);
    expect(take()).toEqual(['notify:Nouvelles commandes|3 commandes en attente d’acceptation.']);
    advance(10_000);
    dog.heartbeat({ ...live, unacceptedOrders: 0 });
    expect(take()).toEqual(['flash:false']);
    window.minimised = false;
    dog.heartbeat({ ...live, unacceptedOrders: 4 });
    expect(take()).toEqual([]);
    window.minimised = true;
    advance(10_000);
    expect(take()).toEqual(['notify:Nouvelles commandes|4 commandes en attente d’acceptation.', 'flash:true']);
    expect(dog.problems()).toEqual([]);
  });
});
