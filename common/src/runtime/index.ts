/** runtime: running a component as a process (signals, graceful stop), hosting a service, periodic tasks, timeouts. */
export * from './lifecycle';
export * from './service-host';
export * from './periodic-task';
export * from './timeout';
