#!/usr/bin/env python3
"""Generates Tests/Fixtures/Correction/tremor-corpus.json: clean sentences (children's stories
and everyday messages) passed through a simulated tremor on a QWERTY touch keyboard with a
fixed seed. The expected correction of each noisy sentence is its clean sentence.

    python3 scripts/generate-correction-corpus.py

The noise model is the one the offline corrector is built for: a neighbouring key (now and
then a key two away), a doubled press, a dropped letter, an extra neighbouring letter, two
letters swapped, a missed or an extra space, a stray capital. Names, numbers, contractions,
addresses and one-letter words are typed cleanly: the corrector must leave them alone, and
the benchmark counts any change to them as damage.
"""

import json
import math
import random
from pathlib import Path

SEED = 20261122
WORD_SLIP_RATE = 0.3
SECOND_SLIP_RATE = 0.15
TARGET = Path(__file__).resolve().parents[1] / "Tests" / "Fixtures" / "Correction" / "tremor-corpus.json"

SENTENCES = """\
The little fox found a shiny key under the old oak tree.
Mia wanted to build a castle out of blankets and pillows.
Once upon a time a brave mouse lived in a tiny house by the river.
The dragon was afraid of the dark, so he carried a lantern everywhere.
Every night the moon sang a quiet song to the sleepy animals.
Leo and his sister planted seeds and waited for the flowers to grow.
The rabbit jumped over the fence and ran into the garden.
A friendly whale helped the lost boat find its way home.
The princess liked to climb trees more than she liked to dance.
Grandma told us a story about a magic kite that could fly to the stars.
The bear could not find his favourite honey jar anywhere.
After the storm, the children looked for rainbows in the sky.
The penguin wore a red scarf because his friends gave it to him.
Our cat sleeps on the warm window every afternoon.
The tiny robot learned how to make pancakes for breakfast.
When the snow fell, the whole village came out to play.
The owl asked the squirrel why he was collecting so many nuts.
A small turtle dreamed of racing the fastest horse in the land.
The forest was full of strange sounds after the sun went down.
She opened the door and saw a giraffe standing in the kitchen.
The monster under the bed was actually very shy and kind.
They sailed across the ocean to find the island of lost toys.
The baby elephant splashed water on all of his friends.
Ben painted a picture of his family and hung it on the wall.
The wizard forgot the words of his favourite spell.
The ducks walked in a line down to the pond.
Nobody knew where the mysterious music was coming from.
The farmer counted his sheep but one was always missing.
The stars twinkled while the children made a wish.
A gentle wind carried the paper boat down the stream.
The dinosaur wanted to learn how to ride a bicycle.
Every morning the rooster woke up the whole farm.
The hedgehog rolled into a ball when he heard the thunder.
Sophie shared her lunch with a hungry little bird.
The pirate captain lost his map but found a new friend.
The snowman smiled when the children gave him a hat.
The queen invited every animal in the kingdom to her party.
The train rattled through the mountains all night long.
Under the sea, the fish played hide and seek among the rocks.
The puppy chewed the shoe and then pretended to be asleep.
The brave knight was scared of spiders but he did not tell anyone.
The children built a treehouse with their father last summer.
A butterfly landed on her nose and made her laugh.
The lion could not roar because he had a sore throat.
Every book in the library whispered a different story.
The frog wanted to be a prince but he liked the pond too much.
The clouds looked like sheep running across a blue field.
The bakery smelled of fresh bread and warm cookies.
The dog barked at the mailman every single day.
The ice cream melted before she could finish it.
The teacher read us a funny story about a talking carrot.
The children sang songs around the campfire.
The little boat bobbed up and down on the waves.
The fairy lost her wand in the tall grass.
The kitten was chasing its own tail in circles.
The mountain goat climbed higher than anyone had ever been.
The old clock in the hall stopped at midnight.
The garden gnome came to life when nobody was watching.
The school bus was late because a cow was standing on the road.
He learned that being kind is better than being right.
I want to go home now please.
Can you call me when you get this message?
I will be there in ten minutes.
Please pick up some milk and bread on the way back.
My hands are shaking a lot today so typing is hard.
Thank you so much for the lovely birthday present.
The doctor said I should rest for a few days.
What time does the pharmacy close tonight?
I missed the bus again, sorry I am running late.
Could you help me with the shopping this weekend?
The meeting has been moved to Thursday afternoon.
I forgot my keys at your house yesterday.
Let me know if you need anything from the store.
We are having dinner at seven, you are welcome to join.
The weather is nice, shall we go for a walk?
My phone battery is almost dead.
I really enjoyed talking with you this morning.
Please remind me to take my medicine after lunch.
Where did you put the remote control?
I need to book an appointment with the dentist.
Happy birthday, I hope you have a wonderful day.
The heating is not working again, can you take a look?
I am so proud of you for finishing the race.
Do you want to watch a movie tonight?
I will send you the pictures from the holiday.
The parcel arrived this morning, thank you.
Can we talk about the plans for next week?
I think I left my glasses in the car.
She is feeling much better after a good sleep.
Please water the plants while I am away.
My daughter is coming to visit on Sunday.
The bank called about my card, I will call them back.
It was lovely to see you and the children.
I cannot find the letter from the council.
Would you like to come with us to the park?
The kettle is broken, we need a new one.
I am waiting outside the library.
Tell your mother I said hello.
We should leave early to avoid the traffic.
The results of the test will be ready on Friday.
I hope the weather stays dry for the picnic.
Could you read this email before I send it?
I have been practising the piano every evening.
The cat knocked a glass of water off the table.
Let us meet at the cafe near the station.
Please do not forget to lock the back door.
I am making soup, would you like some?
The film starts at eight so we should hurry.
My sister is getting married in June.
I left a message for the plumber this morning.
Thank you for being so patient with me.
The garden looks beautiful after the rain.
Can you bring the chairs from the garage?
I would love a cup of tea right now.
He fixed the fence and painted the gate.
The children are playing quietly in their room.
Remember to buy stamps at the post office.
The new neighbours seem very friendly.
We ran out of sugar and coffee.
I will check the timetable and call you back.
My knee hurts when I walk up the stairs.
Tomorrow is going to be a busy day.
I found a nice recipe for apple pie.
Please write down the address for me.
She always knows how to make people smile.
The hospital appointment is at half past nine.
I am trying a new program that corrects my typing.
We need to talk about the holiday before it gets too late.
The lights in the kitchen keep flickering.
Could you walk the dog this evening?
The flowers you sent are still beautiful.
I will wait for you at the entrance.
Mia and Leo are coming to play at 3 pm.
Please send the photos to anna@example.com when you can.
The recipe is on www.example.org if you want it.
I don't know if I can make it on Saturday.
We're going to the beach if it doesn't rain.
I'm sorry I couldn't answer the phone earlier.
Grandpa Joe bought 12 eggs and a big loaf of bread.
The bus number 42 stops right outside the school.
Dr Patel said the results look good.
It's too cold to go swimming today.
Our team won the game by two points.
The museum opens at ten and closes at five.
The library has a special reading hour for children.
I think the story about the brave little train is my favourite.
The twins wore matching hats to the party.
The hungry caterpillar ate through a whole apple.
There was a secret door behind the bookshelf.
The kite got stuck in the branches of the tall tree.
The bunny hid the colourful eggs all over the garden.
The astronaut waved to the earth from her rocket.
The little girl whispered a secret to her teddy bear.
Everyone clapped when the magician pulled a rabbit out of his hat.
The river sparkled in the morning light.
The giant was gentle and always said thank you.
Please let me know when you arrive safely.
I am looking forward to seeing you next month.
Could you please speak a little slower on the phone?
I have finished the book you lent me.
The kids are asleep, the house is finally quiet.
Do not worry, everything will be fine.
"""


def key_positions():
    rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
    offsets = [0, 0.5, 1.5]
    return {letter: (column + offsets[row], row) for row, letters in enumerate(rows) for column, letter in enumerate(letters)}


POSITIONS = key_positions()


def distance(a, b):
    (x1, y1), (x2, y2) = POSITIONS[a], POSITIONS[b]
    return math.hypot(x1 - x2, y1 - y2)


NEIGHBOURS = {a: [b for b in POSITIONS if b != a and distance(a, b) <= 1.2] for a in POSITIONS}
NEAR = {a: [b for b in POSITIONS if 1.2 < distance(a, b) <= 2.3] for a in POSITIONS}


def neighbour(rng, letter):
    pool = NEAR[letter] if rng.random() < 0.1 else NEIGHBOURS[letter]
    return rng.choice(pool)


def slip(rng, word):
    """One tremor slip inside a lower-case word; returns the typed text (may contain a space)."""
    kinds = ["neighbour"] * 35 + ["double"] * 15 + ["drop"] * 15 + ["extra"] * 15 + ["swap"] * 10 + ["space"] * 5 + ["capital"] * 5
    kind = rng.choice(kinds)
    i = rng.randrange(len(word))
    letters = list(word)
    if kind == "neighbour":
        letters[i] = neighbour(rng, word[i])
    elif kind == "double":
        letters[i] = word[i] * (3 if rng.random() < 0.2 else 2)
    elif kind == "drop" and len(word) > 2:
        del letters[i]
    elif kind == "extra":
        extra = neighbour(rng, word[i])
        letters.insert(i + rng.randrange(2), extra)
    elif kind == "swap" and len(word) > 2:
        i = rng.randrange(len(word) - 1)
        letters[i], letters[i + 1] = letters[i + 1], letters[i]
    elif kind == "space" and len(word) >= 4:
        i = rng.randrange(1, len(word) - 1)
        letters.insert(i, " ")
    elif kind == "capital" and len(word) > 1:
        i = rng.randrange(1, len(word))
        letters[i] = letters[i].upper()
    else:
        letters[i] = neighbour(rng, word[i])
    return "".join(letters)


def typeable(word, position):
    """Whether a tremor may touch this clean word: plain lower-case letters, two or more."""
    core = word.rstrip(",.?!")
    return len(core) >= 2 and core.isalpha() and core.islower() and core.isascii()


def add_noise(rng, sentence):
    words = sentence.split(" ")
    typed = []
    mistyped = []
    joined_with_next = set()
    for position, word in enumerate(words):
        core = word.rstrip(",.?!")
        tail = word[len(core):]
        if typeable(word, position) and rng.random() < WORD_SLIP_RATE:
            noisy = slip(rng, core)
            if len(core) >= 6 and rng.random() < SECOND_SLIP_RATE:
                noisy = slip(rng, noisy) if " " not in noisy and noisy.islower() else noisy
            if noisy != core:
                mistyped.append(position)
            typed.append(noisy + tail)
        else:
            typed.append(word)
        # A missed space: this word and the next run together.
        if (position + 1 < len(words) and not tail and typeable(word, position) and typeable(words[position + 1], position + 1)
                and rng.random() < 0.04):
            joined_with_next.add(position)
            if position not in mistyped:
                mistyped.append(position)
            mistyped.append(position + 1)
    text = ""
    for position, piece in enumerate(typed):
        text += piece
        if position + 1 < len(typed):
            text += "" if position in joined_with_next else " "
    return text, sorted(set(mistyped))


def main():
    rng = random.Random(SEED)
    sentences = [line for line in SENTENCES.splitlines() if line]
    assert len(sentences) == len(set(sentences)), "duplicate sentence"
    cases = []
    for clean in sentences:
        noisy, mistyped = add_noise(rng, clean)
        cases.append({"clean": clean, "typed": noisy, "mistyped": mistyped})
    document = {
        "description": "Clean sentences and the same sentences typed with a simulated tremor on a QWERTY "
                       "touch keyboard (scripts/generate-correction-corpus.py). 'mistyped' lists the "
                       "positions, in the clean sentence split at spaces, of the words the tremor changed.",
        "seed": SEED,
        "layout": "qwerty",
        "cases": cases,
    }
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    words = sum(len(case["clean"].split(" ")) for case in cases)
    slips = sum(len(case["mistyped"]) for case in cases)
    print(f"{len(cases)} sentences, {words} words, {slips} mistyped ({slips / words:.0%})")


if __name__ == "__main__":
    main()
