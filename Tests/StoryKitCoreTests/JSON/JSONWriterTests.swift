import StoryKitCore
import Testing

@Suite struct JSONWriterTests {
    @Test func escapesOnlyWhatMustBeEscaped() {
        let value: JSONValue = .string("q\" b\\ s/ é 中 🙂 \u{0} \u{1F} \u{7F} \u{2028} \n\r\t\u{8}\u{C}")
        #expect(value.formatted() == #""q\" b\\ s/ é 中 🙂 \u0000 \u001f "# + "\u{7F} \u{2028} " + #"\n\r\t\b\f""#)
    }

    @Test func indentsWithTheRequestedWidth() throws {
        let value = try JSONValue(parsing: #"{"a":[1,{"b":null}],"c":{},"d":[]}"#)
        #expect(
            value.formatted(.init(indent: 2)) == """
                {
                  "a": [
                    1,
                    {
                      "b": null
                    }
                  ],
                  "c": {},
                  "d": []
                }
                """)
        #expect(value.formatted(.init(indent: 0)) == #"{"a":[1,{"b":null}],"c":{},"d":[]}"#)
    }

    @Test func sortsKeysByCodePointAndKeepsDuplicateOrder() throws {
        let value = try JSONValue(parsing: #"{"b":1,"a":2,"é":3,"Z":4,"a":5,"aa":6}"#)
        #expect(value.formatted(.init(sortKeys: true)) == #"{"Z":4,"a":2,"a":5,"aa":6,"b":1,"é":3}"#)
    }

    @Test func sortsNestedObjects() throws {
        let value = try JSONValue(parsing: #"[{"y":{"b":1,"a":2},"x":0}]"#)
        #expect(value.formatted(.init(sortKeys: true)) == #"[{"x":0,"y":{"a":2,"b":1}}]"#)
    }
}
