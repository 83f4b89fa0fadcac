// StoryKitProviders: what the library knows of model providers without doing I/O: their
// error taxonomy, HTTP as values, the host-driven transport, and each provider's request and
// reply codecs; StoryKitCore re-exports it.
@_exported import StoryKitBase
