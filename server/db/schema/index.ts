export * from './after-sale.js';
export * from './auth.js';
export * from './checkout.js';
export * from './events.js';
export * from './images.js';
export * from './mail.js';
export * from './newsletter.js';
export * from './tickets.js';
