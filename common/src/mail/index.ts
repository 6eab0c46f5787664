/** mail: the SMTP settings and transport every component that sends e-mail shares (pdf-service's plans, auth-service's password resets). */
export * from './mail-settings';
export * from './smtp-transport';
