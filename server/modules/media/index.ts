/**
 * The media module's public face: the image service (product drawings and shoppers' photos, resized on
 * request), the video service, and the uploads other modules store shoppers' files through
 * (`app.uploads`). Other modules import this file, never the files beside it.
 */
export { mediaModule } from './routes'
export { fileTooLarge, unsupportedMedia, type StoredUpload, type Uploads } from './uploads'
