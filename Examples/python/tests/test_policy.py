"""The policy engine through the C ABI: built-in profiles, loaded profiles, and errors."""

import ctypes
import threading

import pytest

import storykit
from storykit import errors

VERSIONS = ["17.6", "18.0", "18.1", "26.0"]
STATES = ["enabled", "disabled", "notEligible", "modelNotReady"]

# (field, default behaviour, proposal behaviour)
SCENARIOS = [
    ({"id": "StoryEditView.content", "kind": "longText", "multiline": True}, "complete", "complete"),
    ({"id": "CustomEventCreationView.BasicInfoStepView.description", "kind": "description", "multiline": True}, "complete", "complete"),
    ({"id": "CustomEventCreationView.AIEnhancementStepView.promptSeed", "kind": "prompt", "multiline": True}, "complete", "complete"),
    ({"id": "AvatarGenerationView.customPrompt", "kind": "imagePrompt", "multiline": True}, "complete", "limited"),
    ({"id": "HeroCreationView.name", "kind": "name"}, "disabled", "disabled"),
    ({"id": "MagicalTextField.email", "kind": "email"}, "disabled", "disabled"),
    ({"id": "MagicalTextField.password", "kind": "password", "secure": True}, "disabled", "disabled"),
    ({"id": "Anything.title", "kind": "title"}, "disabled", "disabled"),
    ({"id": "Anything.keyword", "kind": "keyword"}, "disabled", "disabled"),
]


@pytest.mark.parametrize("field, standard, proposal", SCENARIOS)
def test_writing_tools_scenarios(field, standard, proposal):
    for profile, behavior in (("default", standard), ("proposal", proposal)):
        for version in VERSIONS:
            for state in STATES:
                result = storykit.evaluate_policy({
                    "domain": "writingTools", "profile": profile, "field": field,
                    "platform": {"os": "iOS", "version": version, "appleIntelligence": state},
                })
                assert result["behavior"] == behavior
                capable = version in ("18.1", "26.0") and state == "enabled"
                assert result["effective"] == (behavior if capable and behavior != "disabled" else "none")
                assert result["rule"] and result["reason"]


def test_capabilities_and_fallback_chain():
    platform = {"os": "iPadOS", "version": "26.0", "sdk": "26.0", "appleIntelligence": "enabled"}
    ready = storykit.evaluate_policy({"domain": "capabilities", "platform": platform, "settings": {"remoteConfigured": True}})
    assert ready["correctionBackends"] == ["foundationModels", "remote", "offline"]
    assert ready["message"] is None and ready["liquidGlass"]["available"] is True
    for change, reason in [({"version": "18.1"}, "osTooOld"), ({"appleIntelligence": "notEligible"}, "deviceNotEligible"),
                           ({"appleIntelligence": "disabled"}, "appleIntelligenceNotEnabled"),
                           ({"appleIntelligence": "modelNotReady"}, "modelNotReady"),
                           ({"lowPowerMode": True}, "lowPowerMode"), ({"gameMode": True}, "gameMode")]:
        result = storykit.evaluate_policy({"domain": "capabilities", "platform": {**platform, **change}})
        assert result["foundationModels"] == {**result["foundationModels"], "available": False, "reason": reason}
        assert result["correctionBackends"] == ["offline"]
        assert result["message"].startswith("Text checking requires an iPad with Apple Intelligence")


def test_other_domains():
    platform = {"os": "iOS", "version": "18.1", "sdk": "18.1"}
    deployment = storykit.evaluate_policy({"domain": "deployment", "profile": "proposal",
                                           "project": {"configurations": {"Debug": "17.6", "Release": "17.6"}, "minimumOSVersion": "17.6"}})
    assert deployment["problems"] == []
    appearance = storykit.evaluate_policy({"domain": "appearance", "platform": platform, "settings": {"theme": "system", "systemScheme": "dark"}})
    assert (appearance["colorScheme"], appearance["override"], appearance["cardStyle"]) == ("dark", None, "solid")
    motion = storykit.evaluate_policy({"domain": "motion", "animation": {"purpose": "transition", "duration": 0.6}, "settings": {"reduceMotion": True}})
    assert (motion["allowed"], motion["duration"], motion["style"]) == (True, 0.3, "crossfade")
    controls = storykit.evaluate_policy({"domain": "controls", "platform": platform, "control": {"role": "destructive"}, "settings": {"haptics": False}})
    assert (controls["buttonStyle"], controls["haptic"], controls["minTouchTarget"], controls["glass"]) == ("bordered", None, 44, False)


def test_errors_name_the_bad_key(lib):
    with pytest.raises(storykit.InvalidArgumentError, match='field "platform.os" must be one of'):
        storykit.evaluate_policy({"domain": "capabilities", "platform": {"os": "Android", "version": "14"}})
    with pytest.raises(storykit.InvalidArgumentError, match='field "domain" must be one of'):
        storykit.evaluate_policy({"domain": "colors"})
    with pytest.raises(storykit.NotFoundError, match='no built-in profile "final"'):
        storykit.evaluate_policy({"domain": "motion", "profile": "final", "animation": {"purpose": "loading"}})
    with pytest.raises(storykit.InvalidArgumentError, match="not valid JSON"):
        storykit.evaluate_policy(b'{"domain":"motion","animation":{"purpose":"\xff"}}')
    out = ctypes.c_void_p(0xDEAD)
    assert lib.storykit_policy_evaluate_builtin(ctypes.byref(out), None) == errors.E_INVALID_ARGUMENT
    assert out.value is None
    assert lib.storykit_policy_evaluate_loaded(None, ctypes.byref(out), b"{}") == errors.E_INVALID_ARGUMENT
    assert lib.storykit_last_error() == b"policy is NULL"
    handle = ctypes.c_void_p(0xDEAD)
    assert lib.storykit_policy_create(ctypes.byref(handle), None) == errors.E_INVALID_ARGUMENT
    assert handle.value is None
    lib.storykit_policy_free(None)


def test_loaded_profile_overrides_a_rule_and_is_shared_across_threads():
    profile = {"name": "myApp", "extends": "default", "writingTools": [
        {"id": "heroName", "when": {"field": "HeroCreationView.name"}, "behavior": "limited", "reason": "Long names."}]}
    request = {"domain": "writingTools", "field": {"id": "HeroCreationView.name", "kind": "name"},
               "platform": {"os": "iOS", "version": "18.1", "appleIntelligence": "enabled"}}
    with storykit.Policy(profile) as policy:
        assert policy.evaluate(request)["behavior"] == "limited"
        with pytest.raises(storykit.InvalidArgumentError, match='this policy holds the profile "myApp"'):
            policy.evaluate({**request, "profile": "default"})
        results = []

        def work():
            results.extend(policy.evaluate(request)["rule"] for _ in range(200))

        threads = [threading.Thread(target=work) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert results == ["heroName"] * 800
    with pytest.raises(storykit.StoryKitError):
        policy.evaluate(request)  # closed


def test_unreachable_rule_is_rejected():
    with pytest.raises(storykit.InvalidArgumentError, match='rule "story" can never match: rule "all"'):
        storykit.Policy({"name": "x", "minimumTarget": "18.1", "writingTools": [
            {"id": "all", "behavior": "disabled", "reason": "Off."},
            {"id": "story", "when": {"kind": "longText"}, "behavior": "complete", "reason": "On."}]})
    with pytest.raises(storykit.NotFoundError):
        storykit.Policy({"name": "x", "extends": "final", "writingTools": []})


def test_the_old_names_answer_as_the_new(lib):
    """storykit_policy_evaluate and storykit_policy_eval, deprecated, still work for one release."""
    request = b'{"domain":"motion","animation":{"purpose":"loading"},"settings":{"reduceMotion":true}}'

    def answer(function, *arguments):
        out = ctypes.c_void_p()
        assert function(*arguments[:-1], ctypes.byref(out), arguments[-1]) == errors.OK
        try:
            return ctypes.string_at(out.value)
        finally:
            lib.storykit_string_free(out)

    assert answer(lib.storykit_policy_evaluate, request) == answer(lib.storykit_policy_evaluate_builtin, request)
    handle = ctypes.c_void_p()
    assert lib.storykit_policy_create(ctypes.byref(handle), b'{"name":"app","extends":"default","writingTools":[]}') == errors.OK
    try:
        loaded = answer(lib.storykit_policy_evaluate_loaded, handle, request)
        assert answer(lib.storykit_policy_eval, handle, request) == loaded and b'"allowed"' in loaded
    finally:
        lib.storykit_policy_free(handle)
