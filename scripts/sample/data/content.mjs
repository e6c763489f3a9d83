// Hand-written crew, sponsor, post and gallery material for the sample catalog (all fictional).

export const CREW = [
  { slug: "captain-static", Name: "Captain Static", Job: "Host & Founder", colors: ["#f5a623", "#1b1f3b"],
    Bio: "Captain Static started the show in 2010 with a borrowed mixer and a folding table that has since been retired with honours. He has hosted every era from GOOM Radio to UFRN and still believes the antenna on the roof improves his jokes. Off air, he restores old lawn chairs.",
    DPB: { "Baron Von Wobble": "DEAD", "Maxine Goldleaf": "ALIVE", "Dr. Horace Pettibone": "ALIVE", "Trixie LaRue": "DEAD", "Old Man Thornbury": "ALIVE" } },
  { slug: "reverb", Name: "Reverb", Job: "Co-Host", colors: ["#4ecdc4", "#14213d"],
    Bio: "Reverb joined in the second week and never left, mostly because nobody asked him to. He is the show's resident storyteller, and at least half of his stories are true. He holds the all-time Deadpool Bingo points record.",
    DPB: { "Colonel Buckminster Hale": "DEAD", "Gloria Quicksilver": "ALIVE", "Reginald Flapjack": "DEAD", "Dolores Stardust": "ALIVE" } },
  { slug: "madame-feedback", Name: "Madame Feedback", Job: "Producer", colors: ["#e84a5f", "#2a1a2e"],
    Bio: "Madame Feedback keeps the show on schedule, on topic and occasionally on the air. She wrote the chat room rules, insists on sources for every claim and can silence the crew with a single raised eyebrow.",
    DPB: { "Sir Percival Tweed": "ALIVE", "Marty Fenwick": "DEAD", "Aunt Bettina Crumb": "ALIVE" } },
  { slug: "tater", Name: "Tater", Job: "Sound Effects & Board Op", colors: ["#c3e88d", "#1e2d24"],
    Bio: "Tater arrived with a cardboard box of kazoos and now commands a soundboard with two hundred unlabelled buttons. He has pressed the air horn an estimated forty thousand times. He is not sorry.",
    DPB: { "Earl 'Sparky' Dunmore": "DEAD", "Lorna Bellweather": "ALIVE", "Judge Hollis Crane": "ALIVE", "Ziggy Marchetti": "DEAD", "Countess Ilsa Brandvold": "ALIVE", "Chet Marlowe-Vance": "ALIVE" } },
  { slug: "doc-squelch", Name: "Doc Squelch", Job: "Weird News Correspondent", colors: ["#a29bfe", "#1a1a2e"],
    Bio: "Doc Squelch reads the weird news with the gravity of an evening anchor and the accuracy of a fortune cookie. He is not a doctor. He rides a café racer to the bunker and has never once been on time.",
    DPB: { "Dusty Vanderhoof": "ALIVE", "Marvella Quince": "DEAD", "Rex Thunderbottom": "ALIVE" } },
  { slug: "dipole", Name: "Dipole", Job: "Social Media & SpankBank Curator", colors: ["#ffd166", "#073b4c"],
    Bio: "Dipole runs the show's social accounts and curates the SpankBank, the show's famously silly photo gallery. She has photographed every bunker party since 2015 and is the only person allowed to touch the good camera.",
    DPB: { "Penelope Starcrossed": "ALIVE", "Augustus Plimpton III": "DEAD", "Velma Honeycutt": "ALIVE", "Biff Carrington": "ALIVE" } },
  { slug: "gnome", Name: "Gnome", Job: "Studio Engineer", colors: ["#06d6a0", "#112031"],
    Bio: "Gnome keeps the bunker running: cables, coax, coffee machine and everything in between. He speaks rarely on air and refuses to play Deadpool Bingo on principle.",
    DPB: null },
];

export const SPONSORS = [
  { slug: "bunker-brew", lines: ["Bunker Brew", "Coffee Co."], Name: "Bunker Brew Coffee Co.", SPNSRLink: "https://example.com/bunker-brew", SponsorStyle: { BGColor: "#3b2314", BannerBG: "#f4e3c1", BannerTextColor: "#3b2314" }, mark: "BB" },
  { slug: "static-cling", lines: ["Static Cling", "Apparel"], Name: "Static Cling Apparel", SPNSRLink: "https://example.net/static-cling", SponsorStyle: { BGColor: "#0b3d91", BannerBG: "#0b3d91", BannerTextColor: "#ffffff" }, mark: "SC" },
  { slug: "coax-barn", lines: ["The Coax", "Barn"], Name: "The Coax Barn", SPNSRLink: "https://example.org/coax-barn", SponsorStyle: { BGColor: "#7a1f1f", BannerBG: "#1d1d1d", BannerTextColor: "#ffcc66" }, mark: "CB" },
  { slug: "loudmouth-hot-sauce", lines: ["Loudmouth", "Hot Sauce"], Name: "Loudmouth Hot Sauce", SPNSRLink: "https://example.com/loudmouth", SponsorStyle: { BGColor: "#ff5a1f", BannerBG: "#fff4e6", BannerTextColor: "#8a2500" }, mark: "LM" },
];

// WordPress-REST-shaped posts. `img` is the featured image basename under /media/img/news/ (or slider/).
export const POSTS = [
  // ---- categories [5]: dth_news, "Direct From The Bunker"
  { id: 101, cat: 5, slug: "listener-app-beta", date: "2023-02-14T18:00:00", img: "news-app.svg",
    title: "The New Listener App Is in Beta",
    body: `<p>After years of &#8220;just use the website,&#8221; the crew is proud to announce that the official listener app is in open beta. Live stream, the full episode archive, favourites and the SpankBank gallery are all in one place.</p>
<p>Things we know are not finished yet:</p>
<ul><li>The air horn button (Tater is furious)</li><li>Dark mode for the Deadpool Bingo board</li><li>Anything involving the fish</li></ul>
<p>Report bugs in the chat during the Friday show and Gnome will pretend to be surprised.</p>` },
  { id: 102, cat: 5, slug: "summer-bunker-bash-save-the-date", date: "2023-05-22T15:30:00", img: "news-party.svg",
    title: "Summer Bunker Bash: Save the Date",
    body: `<p>The annual Summer Bunker Bash is back in the parking lot behind the bunker. There will be a grill, a bouncy castle strictly for grown-ups and a listener band that has promised to learn a fourth song.</p>
<p>Bring a chair, bring sunscreen, and bring your worst hat &#8211; there is a prize.</p>
<p>We will broadcast live from the bash and the photos will land in the SpankBank the following week.</p>` },
  { id: 103, cat: 5, slug: "gnomes-studio-rebuild-is-finished", date: "2023-09-08T12:00:00", img: "news-bunker.svg",
    title: "Gnome&#8217;s Studio Rebuild Is Finished",
    body: `<p>Six weekends, four hundred metres of cable and one very patient engineer later, the bunker studio rebuild is done.</p>
<p><img src="/media/img/about/bunker-studio.svg" alt="Illustration of the rebuilt bunker studio" width="800" height="450"></p>
<p>New microphones, a proper desk (goodbye, folding table) and a rack that Gnome describes as &#8220;finally sensible.&#8221; The antenna on the roof has not been touched. Nobody touches the antenna.</p>` },
  { id: 104, cat: 5, slug: "holiday-schedule-2023", date: "2023-12-11T09:15:00", img: "news-schedule.svg",
    title: "Holiday Hours",
    body: `<p>The show takes a short break over the holidays. The last live show of the year is on Friday; the Cold Cuts feed will keep you company until we are back in January.</p>
<p>As always, the live stream plays the best of the archive while the crew is away.</p>` },
  { id: 105, cat: 5, slug: "merch-restock-hoodies-mugs-stickers", date: "2024-03-19T17:45:00", img: "news-merch.svg",
    title: "Merch Restock: Hoodies, Mugs &amp; Stickers",
    body: `<p>The merch table is restocked. Hoodies now come in every size from small to &#8220;Captain Static after the chili cook-off,&#8221; the mugs survived the dishwasher test and the stickers are weatherproof.</p>
<blockquote><p>Why? Because we can.</p></blockquote>
<p>Every order helps keep the bunker lights on. Thank you!</p>` },
  { id: 106, cat: 5, slug: "cold-cuts-series-launch", date: "2024-07-02T14:00:00", img: "news-coldcut.svg",
    title: "Introducing Cold Cuts",
    body: `<p>Cold Cuts is our new short-form series: bite-sized slices from fifteen years of archives, dusted off and served cold.</p>
<p>New cuts drop every other week. Highlights so far include the modem song, the raccoon testimony and the yogurt confession.</p>
<p><a href="/coldcut">Listen to every Cold Cut</a>, or follow the series in your podcast app with <a href="/rss/coldcut">its feed</a>.</p>` },
  { id: 107, cat: 5, slug: "deadpool-bingo-cards-locked", date: "2025-01-06T19:30:00", img: "news-bingo.svg",
    title: "Deadpool Bingo Cards Are Locked for the Year",
    body: `<p>The crew&#8217;s Deadpool Bingo cards are sealed, laminated and taped to the bunker wall. As always, every pick is a fictional celebrity and points are awarded by a committee that does not exist.</p>
<p>Gnome is once again sitting this one out &#8220;on principle.&#8221;</p>` },
  { id: 108, cat: 5, slug: "fifteen-years-thank-you", date: "2025-11-14T20:00:00", img: "news-anniversary.svg",
    title: "Fifteen Years On Air &#8211; Thank You",
    body: `<p>Fifteen years ago two microphones and a borrowed mixer went live from the bunker. Since then: four networks, one stolen antenna, countless air horns and the best listeners anyone could ask for.</p>
<p>Thank you for listening, for calling, for sending fruitcake and for sticking around. Here&#8217;s to the next fifteen.</p>` },
  // ---- categories [4]: wtfnews (fictional weird news the show riffs on)
  { id: 201, cat: 4, slug: "houseboat-made-of-coolers", date: "2023-03-03T10:00:00", img: "wtf-boat.svg",
    title: "Man Builds Houseboat Entirely Out of Picnic Coolers",
    body: `<p>A retired shop teacher has launched a two-room houseboat built from 312 picnic coolers lashed together with cargo straps. &#8220;It floats, and the drinks stay cold,&#8221; he told reporters.</p>
<p>Doc Squelch has requested a tour. The request has not been answered.</p>` },
  { id: 202, cat: 4, slug: "goat-honorary-fire-chief", date: "2023-06-16T08:30:00", img: "wtf-goat.svg",
    title: "Town Names Goat Honorary Fire Chief",
    body: `<p>A small mountain town has named a goat its honorary fire chief after the animal repeatedly escaped its pen and &#8220;inspected&#8221; the fire station. Duties include ribbon cuttings and eating ribbon.</p>` },
  { id: 203, cat: 4, slug: "lobster-in-book-drop", date: "2023-10-27T13:20:00", img: "wtf-lobster.svg",
    title: "Library Finds Live Lobster in Book Drop",
    body: `<p>Staff at a seaside library opened the overnight book drop to find three novels, a cookbook and one very alive lobster. The lobster has been released. The cookbook was, awkwardly, about seafood.</p>
<p>No late fees were charged.</p>` },
  { id: 204, cat: 4, slug: "vending-machine-left-socks", date: "2024-01-30T11:00:00", img: "wtf-vending.svg",
    title: "Vending Machine Dispenses Only Left Socks",
    body: `<p>Commuters at a train station say a sock vending machine has dispensed nothing but left socks for three weeks. The operator calls it &#8220;a calibration issue.&#8221; Commuters call it &#8220;a conspiracy.&#8221;</p>` },
  { id: 205, cat: 4, slug: "garden-gnome-returns-with-postcards", date: "2024-05-09T16:10:00", img: "wtf-gnome.svg",
    title: "Stolen Garden Gnome Returns After Ten Years, With Postcards",
    body: `<p>A garden gnome that vanished from a front lawn a decade ago has reappeared on the same lawn, along with a shoebox of postcards from eleven countries.</p>
<p>Our own Gnome says he has &#8220;no comment&#8221; and &#8220;an alibi.&#8221;</p>` },
  { id: 206, cat: 4, slug: "wedding-cake-taxi-reunion", date: "2024-09-12T09:45:00", img: "wtf-cake.svg",
    title: "Wedding Cake Left in Taxi Reunited With Couple",
    body: `<p>A three-tier wedding cake left in the back of a taxi was returned intact to the couple an hour before the reception, after the driver followed a trail of frosting-related social media posts.</p>` },
  { id: 207, cat: 4, slug: "parking-lot-canoe-race", date: "2025-04-01T12:00:00", img: "wtf-canoe.svg",
    title: "Flooded Parking Lot Hosts Record Canoe Race",
    body: `<p>After a week of rain, a supermarket parking lot became the venue for the region&#8217;s best-attended canoe race. The winning team paddled a shopping-cart-themed canoe. Trophy: a gift card.</p>` },
  { id: 208, cat: 4, slug: "squirrel-steals-pizza", date: "2025-08-21T18:25:00", img: "wtf-squirrel.svg",
    title: "Squirrel Escapes With Entire Pizza",
    body: `<p>Security footage shows a squirrel dragging a whole pizza across a park and up a tree. Witnesses describe the animal as &#8220;determined&#8221; and &#8220;honestly impressive.&#8221;</p>
<p>Tater has already made a sound effect for this.</p>` },
  // ---- categories [6]: spnkbnk (gallery announcements)
  { id: 301, cat: 6, slug: "spankbank-summer-bash-photos", date: "2023-07-05T10:30:00", img: "spnkbnk-party.svg",
    title: "SpankBank Update: Summer Bunker Bash Photos",
    body: `<p>The Summer Bunker Bash photos are up in the SpankBank! Grown-up bouncy castle, grill smoke, bad hats &#8211; it&#8217;s all there, plus a short video of the band&#8217;s third (and best) song.</p>` },
  { id: 302, cat: 6, slug: "spankbank-merch-shoot-outtakes", date: "2024-04-18T15:00:00", img: "spnkbnk-merch.svg",
    title: "New in the SpankBank: Merch Shoot Outtakes",
    body: `<p>Dipole took four hundred photos at the merch shoot. We picked the three where nobody blinked. Enjoy the new mugs and hoodies in their natural habitat: the bunker couch.</p>` },
  { id: 303, cat: 6, slug: "spankbank-goom-radio-polaroids", date: "2025-02-27T11:40:00", img: "spnkbnk-throwback.svg",
    title: "SpankBank Throwback: GOOM Radio Era Polaroids",
    body: `<p>A shoebox of instant photos from the GOOM Radio days turned up during spring cleaning. We scanned what survived. One did not survive &#8211; you&#8217;ll see.</p>` },
  // ---- categories [7]: slider posts (wide banners)
  { id: 401, cat: 7, slug: "slider-bunker-tour", date: "2024-02-01T09:00:00", img: "slider-bunker-tour.jpg", slider: true,
    sliderurl: "https://www.hamradioshow.net/the-bunker-tour/",
    title: "Take the Bunker Tour",
    body: `<p>Walk through the bunker: the famous fish, the wall of ceiling tiles and the closet nobody opens.</p>` },
  { id: 402, cat: 7, slug: "slider-listen-live-fridays", date: "2024-10-04T09:00:00", img: "slider-listen-live.jpg", slider: true,
    sliderurl: "",
    title: "Live Every Friday Night",
    body: `<p>The Ham Radio Show goes live from the bunker every Friday night. Hit play on the live stream and join the chat.</p>` },
  { id: 403, cat: 7, slug: "slider-merch-store", date: "2025-06-12T09:00:00", img: "slider-merch.jpg", slider: true,
    sliderurl: "https://example.org/ham-radio-show-merch",
    title: "Hoodies, Mugs &amp; Stickers",
    body: `<p>The merch store is open. Every order keeps the bunker lights on.</p>` },
  { id: 404, cat: 7, slug: "slider-fifteen-years", date: "2026-01-09T09:00:00", img: "slider-fifteen-years.jpg", slider: true,
    sliderurl: "https://www.hamradioshow.net/fifteen-years/",
    title: "Fifteen Years of Because We Can",
    body: `<p>Fifteen years, four networks, one antenna. Thank you for listening.</p>` },
];

// Gallery posts (category 23). Each image: [basename, label, sublabel, colorA, colorB, motif]
export const GALLERY = [
  { id: 501, slug: "bunker-party-2019", date: "2019-12-20T22:00:00", title: "Bunker Party 2019",
    intro: "The 2019 holiday bunker party: tinsel on the antenna, a gift exchange and a karaoke machine that stayed in the wrong key all night.",
    images: [["bunker-party-2019-1", "Bunker Party 2019", "Tinsel on the antenna", "#1b4332", "#d62828", "bunting"],
             ["bunker-party-2019-2", "Bunker Party 2019", "Gift exchange chaos", "#3a0ca3", "#f72585", "balloons"],
             ["bunker-party-2019-3", "Bunker Party 2019", "Karaoke in the wrong key", "#023047", "#ffb703", "stars"]] },
  { id: 502, slug: "summer-bunker-bash-2023", date: "2023-07-03T19:00:00", title: "Summer Bunker Bash 2023",
    intro: "Grill smoke, grown-up bouncy castle and the listener band. Video of song number three is at the bottom.",
    video: "bunker-bash-cam",
    images: [["summer-bash-2023-1", "Summer Bunker Bash", "The grill master at work", "#ff7b00", "#ffd000", "sun"],
             ["summer-bash-2023-2", "Summer Bunker Bash", "Bouncy castle, grown-ups only", "#00b4d8", "#90e0ef", "balloons"],
             ["summer-bash-2023-3", "Summer Bunker Bash", "The band knows three songs", "#6a040f", "#f48c06", "bars"],
             ["summer-bash-2023-4", "Summer Bunker Bash", "Best worst hat winner", "#2d6a4f", "#b7e4c7", "bunting"]] },
  { id: 503, slug: "merch-shoot", date: "2024-04-17T14:00:00", title: "Merch Shoot",
    intro: "New hoodies, mugs and stickers, photographed in their natural habitat: the bunker couch.",
    images: [["merch-shoot-1", "Merch Shoot", "Hoodie, size Captain", "#22223b", "#9a8c98", "shirt"],
             ["merch-shoot-2", "Merch Shoot", "Mug survives dishwasher", "#5f0f40", "#fb8b24", "mug"],
             ["merch-shoot-3", "Merch Shoot", "Stickers everywhere", "#0f4c5c", "#e36414", "stars"]] },
  { id: 504, slug: "goom-radio-polaroids", date: "2025-02-26T12:00:00", title: "GOOM Radio Polaroids",
    intro: "Instant photos from the GOOM Radio days, scanned after spring cleaning. One photo did not survive the shoebox.",
    missing: true,
    images: [["goom-polaroid-1", "GOOM Radio 2010", "The folding table, day one", "#6b705c", "#ddbea9", "table"],
             ["goom-polaroid-2", "GOOM Radio 2011", "The first air horn", "#3d405b", "#e07a5f", "bars"],
             ["goom-polaroid-3", "GOOM Radio 2012", "Snowed in at the bunker", "#457b9d", "#f1faee", "snow"]] },
  { id: 505, slug: "holiday-party-2023", date: "2023-12-18T21:30:00", title: "Holiday Party 2023",
    intro: "Secret gifts, cocoa and the annual reading of the Bunker Rules.",
    images: [["holiday-2023-1", "Holiday Party 2023", "Cocoa and tinsel", "#780000", "#c1121f", "snow"],
             ["holiday-2023-2", "Holiday Party 2023", "Reading the Bunker Rules", "#003049", "#669bbc", "bunting"]] },
  { id: 506, slug: "antenna-restoration-day", date: "2022-10-02T16:00:00", title: "Antenna Restoration Day",
    intro: "The original antenna gets new paint and new coax, and goes back on the roof. Harnesses were worn at all times.",
    images: [["antenna-day-1", "Antenna Restoration", "Fresh paint", "#14213d", "#fca311", "antenna"],
             ["antenna-day-2", "Antenna Restoration", "Back on the roof", "#1d3557", "#a8dadc", "antenna"],
             ["antenna-day-3", "Antenna Restoration", "Ribbon cutting", "#264653", "#e9c46a", "bunting"]] },
  { id: 507, slug: "drive-in-show-night", date: "2020-08-28T20:30:00", title: "Drive-In Show Night",
    intro: "Honks for applause, radios tuned low and the crew in the back of a pickup truck.",
    images: [["drive-in-1", "Drive-In Show", "Honk for applause", "#10002b", "#7b2cbf", "stars"],
             ["drive-in-2", "Drive-In Show", "Live from a pickup truck", "#240046", "#ff9e00", "bars"]] },
  { id: 508, slug: "studio-makeover", date: "2023-09-07T13:00:00", title: "Studio Makeover",
    intro: "Before and after of Gnome's studio rebuild. Goodbye, folding table.",
    images: [["studio-makeover-1", "Studio Makeover", "Before: cable spaghetti", "#343a40", "#adb5bd", "bars"],
             ["studio-makeover-2", "Studio Makeover", "After: finally sensible", "#0b525b", "#99e2b4", "table"]] },
  { id: 509, slug: "fifteen-year-cake", date: "2025-11-15T23:00:00", title: "The Fifteen-Year Cake",
    intro: "The anniversary cake was shaped like the antenna. It was delicious and structurally questionable.",
    images: [["fifteen-cake-1", "15 Years On Air", "A cake shaped like an antenna", "#590d22", "#ff8fa3", "balloons"],
             ["fifteen-cake-2", "15 Years On Air", "The whole crew, one couch", "#03045e", "#00b4d8", "stars"]] },
];
