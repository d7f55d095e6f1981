/**
 * What other features may use of the announcements feature (docs/decisions, 'Web feature boundaries'):
 * the dashboard sidebar's list of announcements.
 */
export { SidebarAnnouncements } from './SidebarAnnouncements';
