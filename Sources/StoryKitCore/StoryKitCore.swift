// StoryKitCore is the library's umbrella: `import StoryKitCore` sees the base layers and the
// offline corrector as well as this module's codecs, transports, generators, storage and
// services. An app that needs only the JSON engine, models, parsers, prompts and policies
// imports StoryKitBase, which links no word data.
@_exported import StoryKitBase
@_exported import StoryKitCorrection
