// Shoppers' and staff's passwords share one hashing (server/lib/passwords.ts).
export { hashPassword, verifyPassword } from '../../lib/passwords'
