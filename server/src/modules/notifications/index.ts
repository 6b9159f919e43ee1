/** Notifications: the bell's rows, what writes them, and their mail. The rest of the server imports this module through this file only. */
export { notifyDue, type DueSource } from './due';
export { notificationsRepository, type NotificationInput } from './repository';
export { notificationsRoutes } from './routes';
export { notificationsService } from './service';
export { notificationSweep } from './sweep';
export { notify, notifyAssigned, notifyQuotation, notifyUpload, type NotifiedQuotation } from './notify';
