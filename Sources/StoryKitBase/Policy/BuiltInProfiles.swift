/// The profiles that ship inside the library, kept as the JSON documents an app would write.
public enum BuiltInProfiles {
    /// The JSON of a built-in profile, `nil` for other names: a starting point for an app's own.
    public static func json(named name: String) -> String? {
        switch name {
        case "default": standardJSON
        case "proposal": proposalJSON
        default: nil
        }
    }

    static let standard: Result<PolicyProfile, StoryKitError> = Result { () throws(StoryKitError) in
        try PolicyProfile(jsonText: standardJSON)
    }
    static let proposal: Result<PolicyProfile, StoryKitError> = Result { () throws(StoryKitError) in
        try PolicyProfile(jsonText: proposalJSON)
    }

    /// The story app's final spec: an iOS 18.1 target, the complete Writing Tools experience
    /// for prose and prompts, none for short inputs and authentication.
    static let standardJSON = #"""
        {
          "name": "default",
          "description": "The story app's final Writing Tools spec.",
          "minimumTarget": "18.1",
          "writingTools": [
            {"id": "storyContent", "when": {"field": "StoryEditView.content"}, "behavior": "complete",
             "resultOptions": ["plainText"],
             "reason": "Story content is long-form prose: the full Writing Tools menu (Proofread, Rewrite, Friendly, Professional, Concise) replaces text in place."},
            {"id": "eventDescription", "when": {"field": "CustomEventCreationView.BasicInfoStepView.description"}, "behavior": "complete",
             "resultOptions": ["plainText"],
             "reason": "An event description is prose the user may want to improve, so the full menu appears on selection."},
            {"id": "enhancementPromptSeed", "when": {"field": "CustomEventCreationView.AIEnhancementStepView.promptSeed"}, "behavior": "complete",
             "resultOptions": ["plainText"],
             "reason": "Refining the AI enhancement prompt seed improves what the model makes of it, so the full menu appears."},
            {"id": "avatarPrompt", "when": {"field": "AvatarGenerationView.customPrompt"}, "behavior": "complete",
             "resultOptions": ["plainText"],
             "reason": "A refined avatar prompt leads to better avatars, so the full menu appears."},
            {"id": "heroName", "when": {"field": "HeroCreationView.name"}, "behavior": "disabled",
             "reason": "A hero's name must stay exactly as the user typed it."},
            {"id": "signInEmail", "when": {"field": "MagicalTextField.email"}, "behavior": "disabled",
             "reason": "No AI suggestions may interrupt signing in."},
            {"id": "signInPassword", "when": {"field": "MagicalTextField.password"}, "behavior": "disabled",
             "reason": "No AI suggestions may interrupt signing in."},
            {"id": "shortInputs", "when": {"kind": ["name", "title", "keyword"]}, "behavior": "disabled",
             "reason": "Short inputs such as names, titles and keywords stay as the user intended."},
            {"id": "authenticationFields", "when": {"kind": ["email", "password", "oneTimeCode"]}, "behavior": "disabled",
             "reason": "Authentication fields never show Writing Tools, so nothing interrupts signing in."},
            {"id": "proseFields", "when": {"kind": ["longText", "description"]}, "behavior": "complete",
             "resultOptions": ["plainText", "richText", "list", "table"],
             "reason": "Prose fields get the full Writing Tools menu."},
            {"id": "promptFields", "when": {"kind": ["prompt", "imagePrompt"]}, "behavior": "complete",
             "resultOptions": ["plainText"],
             "reason": "Prompts benefit from refinement before they are sent, so the full menu appears."}
          ]
        }
        """#

    /// The story app's earlier proposal: an iOS 17.6 target, and image prompts in limited
    /// mode (results in a pop-up to copy or replace).
    static let proposalJSON = #"""
        {
          "name": "proposal",
          "description": "The story app's earlier Writing Tools proposal.",
          "extends": "default",
          "minimumTarget": "17.6",
          "writingTools": [
            {"id": "avatarPrompt", "when": {"field": "AvatarGenerationView.customPrompt"}, "behavior": "limited",
             "resultOptions": ["plainText"],
             "reason": "Image prompts use limited Writing Tools: results appear in a pop-up the user can copy or use to replace the prompt."},
            {"id": "promptFields", "when": {"kind": "prompt"}, "behavior": "complete",
             "resultOptions": ["plainText"],
             "reason": "Prompts benefit from refinement before they are sent, so the full menu appears."},
            {"id": "imagePromptFields", "after": "promptFields", "when": {"kind": "imagePrompt"}, "behavior": "limited",
             "resultOptions": ["plainText"],
             "reason": "Image prompts use limited Writing Tools: results appear in a pop-up the user can copy or use to replace the prompt."}
          ]
        }
        """#
}
