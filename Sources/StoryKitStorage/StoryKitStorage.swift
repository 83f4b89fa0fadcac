// StoryKitStorage: the stores (records in files or in memory, preferences, illustrations),
// over StoryKitBase's models; StoryKitCore re-exports it.
@_exported import StoryKitBase
