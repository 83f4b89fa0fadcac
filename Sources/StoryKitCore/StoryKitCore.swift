// StoryKitCore is the library's umbrella: `import StoryKitCore` sees the base layers, the
// offline corrector, the stores and the providers' codecs and transports as well as this
// module's generators and services. An app that needs only the JSON engine, models, parsers, prompts and policies
// imports StoryKitBase, which links no word data.
@_exported import StoryKitBase
@_exported import StoryKitCorrection
@_exported import StoryKitStorage
@_exported import StoryKitProviders
