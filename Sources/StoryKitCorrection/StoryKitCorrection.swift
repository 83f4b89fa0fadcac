// The offline corrector builds on the base layers; its users see them too.
@_exported import StoryKitBase
