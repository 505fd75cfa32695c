// Audio the gateway accepts for transcription and translation (WIRE.md: upstream's list).
export const AUDIO_EXTENSIONS = ['flac', 'mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'ogg', 'wav', 'webm'] as const;
