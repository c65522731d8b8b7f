import vm from 'node:vm';

const realms = new WeakMap<object, string>();
let installed = false;

/**
 * A promise a function forgot to await that rejects would, by Node's default, end the whole server.
 * Rejections of promises made in a function's realm are logged instead; any other keeps Node's behaviour.
 */
export function watchFunctionRejections(name: string, context: vm.Context): void {
  const promiseProto = vm.runInContext('Promise.prototype', context) as object;
  if (realms.has(promiseProto)) return;
  realms.set(promiseProto, name);
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', function onFunctionRejection(reason, promise) {
    const fn = realms.get(Object.getPrototypeOf(promise) as object);
    if (fn) {
      console.error(`[functions] ${fn}: unhandled promise rejection:`, reason);
      return;
    }
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  });
}
